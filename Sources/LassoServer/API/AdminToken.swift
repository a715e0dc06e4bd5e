import Hummingbird

/// The write token (`LASSO_ADMIN_TOKEN`), checked against `Authorization: Bearer …` in constant time by
/// ``AdminTokenMiddleware``.
public struct AdminToken: Sendable {
    private let expected: [UInt8]?

    /// nil or empty: the server accepts no writes.
    public init(_ token: String?) {
        expected = token.flatMap { $0.isEmpty ? nil : Array($0.utf8) }
    }

    /// Why `token` (not empty) cannot be the server's token, or nil when it can: blanks alone are a token set by
    /// mistake, and blanks at either end can never be sent, since HTTP drops them around a header field's value
    /// (RFC 9110 §5.5), so every write would get 401.
    public static func refusal(of token: String, from source: String) -> String? {
        let blank: (Character) -> Bool = { $0 == " " || $0 == "\t" || $0.isNewline }
        guard !token.isEmpty else { return nil }
        if token.allSatisfy(blank) {
            return
                "\(source): expected a token (letters, digits, punctuation), or nothing for a read-only server, found only \(token.count) blank character(s)"
        }
        if let first = token.first, let last = token.last, blank(first) || blank(last) {
            return
                "\(source): expected a token without blanks at either end (HTTP drops them from the Authorization header, so no write could ever match), found \(blank(first) ? "a blank at its start" : "a blank at its end")"
        }
        return nil
    }

    /// Refuses the request unless it carries the token; a 401 names the scheme that would be accepted in
    /// `WWW-Authenticate` (RFC 9110 §11.6.1, RFC 6750 §3), with `invalid_token` when the token given is wrong.
    func check(_ request: Request) throws(APIError) {
        guard let expected else {
            throw APIError(
                .forbidden, "this server accepts no writes or admin requests: it was started without LASSO_ADMIN_TOKEN")
        }
        guard let header = request.headers[.authorization] else {
            throw Self.unauthorized(
                "expected an Authorization: Bearer <token> header (the server's LASSO_ADMIN_TOKEN), found none")
        }
        // The scheme's name is case-insensitive (RFC 9110 §11.1): `bearer`, `BEARER` are Bearer.
        let scheme = "bearer "
        guard
            header.utf8.prefix(scheme.utf8.count).map({ $0 >= 0x41 && $0 <= 0x5A ? $0 | 0x20 : $0 })
                .elementsEqual(scheme.utf8)
        else {
            throw Self.unauthorized("Authorization: expected \"Bearer <token>\", found another scheme")
        }
        guard Self.equal(Array(header.utf8.dropFirst(scheme.utf8.count)), expected) else {
            throw Self.unauthorized(
                "Authorization: expected the server's LASSO_ADMIN_TOKEN, found a different token", invalidToken: true)
        }
    }

    private static func unauthorized(_ message: String, invalidToken: Bool = false) -> APIError {
        var error = APIError(.unauthorized, message)
        error.headers[.wwwAuthenticate] =
            invalidToken ? "Bearer realm=\"lasso\", error=\"invalid_token\"" : "Bearer realm=\"lasso\""
        return error
    }

    /// Compares without stopping at the first difference, so the time taken does not tell how much of a guess was right.
    static func equal(_ given: [UInt8], _ expected: [UInt8]) -> Bool {
        var difference = UInt8(given.count == expected.count ? 0 : 1)
        for index in expected.indices {
            difference |= expected[index] ^ (index < given.count ? given[index] : 0)
        }
        return difference == 0
    }
}
