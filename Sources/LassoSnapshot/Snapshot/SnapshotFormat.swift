/// The name and version of lasso's snapshot format, as its `format` field spells it.
public enum SnapshotFormat {
    public static let identifier = "lasso.snapshot/1"
}
