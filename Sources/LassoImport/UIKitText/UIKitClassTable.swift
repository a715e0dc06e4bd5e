import Foundation
import LassoSnapshot

/// The classes of a text dump, each worked out once: a class name (with its `baseClass` and the kind of list it sits
/// in) gives its superclass chain, already written as JSON, and what the importer needs to know about it.
struct UIKitClassTable {
    /// The kind of list a view is, which decides the chain of a custom cell that names no base class.
    enum ListKind: UInt8 {
        case none, table, collection
    }

    /// One class's chain and what it says about the view.
    struct Chain {
        /// The class name as the dump spells it.
        var className: String
        /// `["UIView","UIResponder","NSObject"]` as JSON bytes, empty when lasso does not know the superclasses.
        var superclassesJSON: [UInt8]
        /// The superclasses themselves, nearest first.
        var superclasses: [String]
        var isCell: Bool
        var isButton: Bool
        var isButtonLabel: Bool
        var isSlider: Bool
        var isWindow: Bool
        /// The kind of list this view is, for its children.
        var list: ListKind
    }

    private var names = ByteKeyTable()
    private var ids: [UInt64: Int32] = [:]
    private(set) var chains: [Chain] = []

    /// The chain of a view of class `className` (with a `baseClass` member `base`) whose superview is a list of kind
    /// `parentList` (nil for a view without superview).
    mutating func chain(
        _ text: UnsafeBufferPointer<UInt8>, className: Range<Int>, base: Range<Int>?, parentList: ListKind?
    ) -> Int32 {
        let nameID = names.id(text, className)
        let baseID = base.map { names.id(text, $0) + 1 } ?? 0
        let listCode: UInt64 = parentList.map { UInt64($0.rawValue) + 1 } ?? 0
        let key = UInt64(UInt32(nameID)) << 32 | UInt64(UInt32(baseID)) << 3 | listCode
        if let id = ids[key] { return id }
        let id = Int32(chains.count)
        chains.append(
            Self.make(
                className: ByteText.string(text, className), base: base.map { ByteText.string(text, $0) },
                parentList: parentList))
        ids[key] = id
        return id
    }

    private static func make(className: String, base: String?, parentList: ListKind?) -> Chain {
        let name = ClassName.pathName(className)
        var superclasses = UIKitChains.superclasses(of: name, base: base.map(ClassName.pathName))
        if superclasses.isEmpty, let parentList, name.hasSuffix("Cell") {
            // A custom cell whose description has no baseClass: its list says which kind.
            switch parentList {
            case .collection: superclasses = UIKitChains.collectionCell
            case .table: superclasses = UIKitChains.tableCell
            case .none: break
            }
        }
        let chain = [name] + superclasses.map(ClassName.pathName)
        let list: ListKind =
            chain.contains("UITableView") || chain.contains("UITableViewWrapperView")
            ? .table : chain.contains("UICollectionView") ? .collection : .none
        return Chain(
            className: className,
            superclassesJSON: superclasses.isEmpty
                ? [] : Array(JSONWriter.compact(.array(superclasses.map { .string($0) })).utf8),
            superclasses: superclasses,
            isCell: chain.contains("UITableViewCell") || chain.contains("UICollectionViewCell"),
            isButton: chain.contains("UIButton"), isButtonLabel: name == "UIButtonLabel",
            isSlider: superclasses.first == "UISlider" || name == "UISlider", isWindow: chain.contains("UIWindow"),
            list: list)
    }
}
