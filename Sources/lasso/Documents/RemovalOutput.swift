import ArgumentParser
import LassoDocuments
import LassoSnapshot

/// What `config rm`, `event rm` and `hook rm` print when a file is deleted: `removed FILE`, or with `--json` the
/// kind, the id and the file.
struct RemovalOutput: ParsableArguments {
    @Flag(help: "Print what was deleted as JSON: the kind, the id and the file.") var json = false

    func say(_ kind: DocumentKind, id: String, file: String) {
        guard json else {
            Console.print("removed \(file)")
            return
        }
        var object = JSONObject()
        object["removed"] = .string(kind.rawValue)
        object["id"] = .string(id)
        object["file"] = .string(file)
        Console.json(.object(object))
    }
}
