/// Checks that a user-given name can be part of a file or folder name.
public enum SafeName {
    /// What `isSafe` asks of a name, in words for a refusal.
    public static let rule =
        "not empty, at most 200 bytes, no '/' or '\\', not starting with '.', no control or bidirectional characters"

    /// True for a name that can be a folder or file name and is shown as it is: not empty, no `/` or `\\`, no leading
    /// `.`, at most 200 bytes, and no character a terminal would act on or show misleadingly (C0 and C1 controls,
    /// bidirectional controls: `DisplayText.isEscaped`).
    public static func isSafe(_ name: String) -> Bool {
        !name.isEmpty && name != "." && name != ".." && !name.hasPrefix(".") && name.utf8.count <= 200
            && !name.unicodeScalars.contains { $0 == "/" || $0 == "\\" || DisplayText.isEscaped($0) }
    }
}
