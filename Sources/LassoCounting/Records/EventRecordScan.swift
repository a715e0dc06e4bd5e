import Foundation
import LassoSnapshot

/// The fields of one event record line that counting needs, found by scanning its bytes once without building a
/// JSON value (docs/event-records.md): each a span of the line, the rest validated and skipped.
struct EventRecordScan {
    /// The record's top-level fields lasso reads.
    enum Field: Int, CaseIterable {
        case event, appKey, appVersion, viewPath, viewId, time

        static let names: [[UInt8]] = ["event", "appKey", "appVersion", "viewPath", "viewId", "time"].map {
            Array($0.utf8)
        }
    }

    /// Nesting allowed inside a record, as deep as any SDK writes and shallow enough to bound the work.
    static let maxDepth = 64

    var spans: [StringSpan?] = Array(repeating: nil, count: Field.allCases.count)
    /// The bytes of the `properties` object, braces included, when the record has one.
    var properties: Range<Int>? = nil

    /// Why a line is not a record, in the words a report gives.
    struct Malformed: Error {
        var reason: String
    }

    /// Scans `line`, a JSON object alone on its line (white space around it allowed).
    mutating func scan(_ line: UnsafeBufferPointer<UInt8>) throws(Malformed) {
        for index in spans.indices { spans[index] = nil }
        properties = nil
        var scanner = ByteScanner(line)
        do {
            scanner.skipSpace()
            guard scanner.next == UInt8(ascii: "{") else {
                throw Malformed(reason: "expected a JSON object, found \(scanner.describeToken(at: scanner.pos))")
            }
            scanner.pos += 1
            scanner.skipSpace()
            if scanner.next == UInt8(ascii: "}") {
                scanner.pos += 1
            } else {
                while true {
                    let key = try scanner.scanKeyAndColon()
                    scanner.skipSpace()
                    try value(for: key, &scanner)
                    scanner.skipSpace()
                    guard let next = scanner.next else { throw scanner.error("',' or '}'") }
                    scanner.pos += 1
                    if next == UInt8(ascii: "}") { break }
                    guard next == UInt8(ascii: ",") else { throw scanner.error("',' or '}'", at: scanner.pos - 1) }
                }
            }
            scanner.skipSpace()
            guard scanner.atEnd else { throw scanner.error("the end of the line after the record") }
        } catch let error as ScanError {
            throw Malformed(reason: "expected \(error.expected), found \(error.found) at byte \(error.offset + 1)")
        } catch let error as Malformed {
            throw error
        } catch {
            throw Malformed(reason: "\(error)")
        }
    }

    private mutating func value(for key: StringSpan, _ scanner: inout ByteScanner) throws {
        let field = Self.field(named: key, in: scanner)
        let isProperties = field == nil && Self.isProperties(key, in: scanner)
        if let field {
            guard scanner.next == UInt8(ascii: "\"") else {
                if scanner.next == UInt8(ascii: "n") {
                    _ = try scanner.scanLiteral()
                    return
                }
                throw Malformed(
                    reason:
                        "expected \(String(decoding: Field.names[field.rawValue], as: UTF8.self)) to be a string, found \(scanner.describeToken(at: scanner.pos))"
                )
            }
            spans[field.rawValue] = try scanner.scanString()
        } else if isProperties {
            let start = scanner.pos
            guard scanner.next == UInt8(ascii: "{") else {
                if scanner.next == UInt8(ascii: "n") {
                    _ = try scanner.scanLiteral()
                    return
                }
                throw Malformed(
                    reason: "expected properties to be an object, found \(scanner.describeToken(at: start))")
            }
            try scanner.skipValue(maxDepth: Self.maxDepth)
            properties = start..<scanner.pos
        } else {
            try scanner.skipValue(maxDepth: Self.maxDepth)
        }
    }

    private static func field(named key: StringSpan, in scanner: ByteScanner) -> Field? {
        guard !key.escaped else {
            return Field.allCases.first { isNamed(key, Field.names[$0.rawValue], in: scanner) }
        }
        let length = key.end - key.start
        guard let base = scanner.bytes.baseAddress.map({ $0 + key.start }) else { return nil }
        // By length first, then the bytes: no table of names is touched per key.
        func named(_ name: StaticString) -> Bool {
            name.utf8CodeUnitCount == length && memcmp(base, name.utf8Start, length) == 0
        }
        switch length {
        case 4: return named("time") ? .time : nil
        case 5: return named("event") ? .event : nil
        case 6: return named("appKey") ? .appKey : named("viewId") ? .viewId : nil
        case 8: return named("viewPath") ? .viewPath : nil
        case 10: return named("appVersion") ? .appVersion : nil
        default: return nil
        }
    }

    /// Whether the key (not one of `Field`'s) is `properties`.
    private static func isProperties(_ key: StringSpan, in scanner: ByteScanner) -> Bool {
        guard !key.escaped else { return isNamed(key, propertiesName, in: scanner) }
        guard key.end - key.start == 10, let base = scanner.bytes.baseAddress else { return false }
        return memcmp(base + key.start, ("properties" as StaticString).utf8Start, 10) == 0
    }

    static let propertiesName = Array("properties".utf8)

    static func isNamed(_ key: StringSpan, _ name: [UInt8], in scanner: ByteScanner) -> Bool {
        if key.escaped { return Array(scanner.decode(key).utf8) == name }
        guard key.end - key.start == name.count, let base = scanner.bytes.baseAddress else { return false }
        return name.withUnsafeBufferPointer { memcmp(base + key.start, $0.baseAddress!, name.count) == 0 }
    }
}
