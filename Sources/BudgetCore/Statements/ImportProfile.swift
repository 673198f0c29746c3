/// A saved way of importing one source's statements (`import --save-profile mybank`): the
/// options given, on top of a preset when one was used. Stored as one setting
/// (`import.profile.mybank`) whose text lists the options, `;`-separated, each `name=value`
/// (`;` and `\\` inside values written `\\;` and `\\\\`).
public struct ImportProfile: PlainSettingValue, Hashable {
    /// A field mapped to a column.
    public struct Mapping: Hashable, Sendable {
        /// The field.
        public var field: StatementField
        /// Its column.
        public var column: ColumnReference

        /// `field` read from `column`.
        public init(field: StatementField, column: ColumnReference) {
            self.field = field
            self.column = column
        }
    }

    /// The built-in preset it starts from.
    public var preset: String?
    /// The text encoding (`auto`, `utf-8`, `cp932`, `euc-jp`, `windows-1252`, `latin-1`, or
    /// another name of one: `cp1252`, `iso-8859-1`), as given.
    public var encoding: String?
    /// The field separator.
    public var delimiter: Unicode.Scalar?
    /// Lines before the header.
    public var skipLines: Int?
    /// Whether the first row names the columns.
    public var hasHeader: Bool?
    /// Columns mapped to fields, on top of the preset's (a field mapped here replaces the
    /// preset's columns for it; several mappings of one field are alternatives, in order).
    public var mappings: [Mapping] = []
    /// What values of the kind column mean, on top of the preset's (a value given here wins).
    public var kindValues: [KindValue] = []
    /// The date pattern.
    public var dateFormat: String?
    /// The decimal mark.
    public var decimalMark: DecimalMark?
    /// Which sign of the amount column is spending.
    public var sign: StatementSign?
    /// The category for expenses that get none.
    public var category: String?
    /// Tags for records that get none.
    public var tags: [String] = []
    /// Whether names are folded.
    public var foldNames = false
    /// The account whose statements it reads, when that is not the profile's own name: a
    /// profile saved from another (`--profile his --save-profile his2`) reads the other's
    /// account, so the rows it imports are the ones imported before (`StatementPlan.origin`).
    public var account: String?
    /// The budget's account the statements are of (`import --account`): their records name it,
    /// and their balances are checked against it. A profile stands for one account.
    public var into: String?

    /// The encodings a profile may name: `auto`, each encoding's name, then the other names
    /// they go by (`TextEncoding.otherNames`).
    public static let encodings = ["auto"] + TextEncoding.allCases.map(\.rawValue) + TextEncoding.otherNames

    /// No options.
    public init() {}

    /// What values look like.
    public static let valueDescription = "import options (name=value;…)"

    /// The layout these options give, on top of `base` (a preset's, or an empty one).
    public func layout(on base: StatementLayout) -> StatementLayout {
        var layout = base
        if let delimiter { layout.delimiter = delimiter }
        if let skipLines { layout.skipLines = skipLines }
        if let hasHeader { layout.hasHeader = hasHeader }
        if let dateFormat { layout.dateFormat = dateFormat }
        if let decimalMark { layout.decimalMark = decimalMark }
        if let sign { layout.sign = sign }
        let mapped = Set(mappings.map(\.field))
        for field in mapped { layout[field] = mappings.filter { $0.field == field }.map(\.column) }
        layout.kindValues = Self.merged(kindValues, over: layout.kindValues)
        return layout
    }

    /// These options, with `other`'s given ones replacing them (a field `other` maps replaces
    /// this profile's mappings of it).
    public func overridden(by other: ImportProfile) -> ImportProfile {
        var result = self
        result.preset = other.preset ?? preset
        result.encoding = other.encoding ?? encoding
        result.delimiter = other.delimiter ?? delimiter
        result.skipLines = other.skipLines ?? skipLines
        result.hasHeader = other.hasHeader ?? hasHeader
        let replaced = Set(other.mappings.map(\.field))
        result.mappings = mappings.filter { !replaced.contains($0.field) } + other.mappings
        result.kindValues = Self.merged(other.kindValues, over: kindValues)
        result.dateFormat = other.dateFormat ?? dateFormat
        result.decimalMark = other.decimalMark ?? decimalMark
        result.sign = other.sign ?? sign
        result.category = other.category ?? category
        result.tags = other.tags.isEmpty ? tags : other.tags
        result.foldNames = other.foldNames || foldNames
        result.account = other.account ?? account
        result.into = other.into ?? into
        return result
    }

    /// `given`, then the values of `base` that `given` does not give a meaning.
    static func merged(_ given: [KindValue], over base: [KindValue]) -> [KindValue] {
        var values = given
        // A base value whose text a given one has is not added (`add` says which, unused here).
        for value in base { _ = KindValue.add(value, to: &values) }
        return values
    }

    // MARK: Text

    /// Whether a character can separate a statement's fields: a tab or a visible character
    /// other than the double quote (no control or bidirectional character, no line end).
    public static func isDelimiter(_ scalar: Unicode.Scalar) -> Bool {
        if scalar == "\t" { return true }
        if scalar == "\"" || scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value)
            || FieldRules.isBidiControl(scalar) { return false }
        return !scalar.properties.isWhitespace || scalar == " "
    }

    /// Whether a name can be a saved profile's: a tag's input rules (no spaces, commas,
    /// control or bidirectional characters), and no preset's name.
    public static func isValidName(_ name: String) -> Bool {
        (try? FieldRules.tag(name)) == name && ImportKeys.isValidName(name)
    }

    /// Reads the text `settingText` writes.
    ///
    /// - Throws: `ValueError.invalidSetting` naming what is wrong.
    public init(settingText text: String) throws(ValueError) {
        func fail(_ why: String) -> ValueError { .invalidSetting(text, expected: why) }
        guard !text.isEmpty else { throw fail("at least one option (name=value)") }
        var seen = Set<String>()
        guard let parts = Self.parts(text) else {
            throw fail("name=value options separated by ';' (\\; and \\\\ inside values)")
        }
        for part in parts {
            guard let equals = part.firstIndex(of: "=") else { throw fail("name=value options separated by ';'") }
            let name = String(part[..<equals])
            let value = String(part[part.index(after: equals)...])
            if !["map", "tag", "kind-value"].contains(name) && !seen.insert(name).inserted {
                throw fail("each option once (\(name) is given twice)")
            }
            switch name {
            case "preset":
                guard StatementPreset.named(value) != nil else {
                    throw fail("a preset (\(StatementPreset.all.map(\.name).joined(separator: ", ")))")
                }
                preset = value
            case "encoding":
                guard Self.encodings.contains(value) else {
                    throw fail("an encoding (\(Self.encodings.joined(separator: ", ")))")
                }
                encoding = value
            case "delimiter":
                guard value.unicodeScalars.count == 1, let scalar = value.unicodeScalars.first, Self.isDelimiter(scalar)
                else {
                    throw fail("one character as the delimiter")
                }
                delimiter = scalar
            case "skip":
                guard let number = Int(value), number >= 0, number <= 1_000 else {
                    throw fail("a number of lines to skip, 0 to 1000")
                }
                skipLines = number
            case "header":
                guard value == "yes" || value == "no" else { throw fail("header=yes or header=no") }
                hasHeader = value == "yes"
            case "map":
                guard let colon = value.firstIndex(of: ":"),
                      let field = StatementField(rawValue: String(value[..<colon])),
                      let column = ColumnReference(text: String(value[value.index(after: colon)...])) else {
                    throw fail("map=<field>:<column>")
                }
                mappings.append(Mapping(field: field, column: column))
            case "kind-value":
                guard let kindValue = KindValue(assignment: value, separator: ":") else {
                    throw fail("kind-value=<text>:<income, expense, transfer or skip>")
                }
                if let there = KindValue.add(kindValue, to: &kindValues) {
                    throw fail(
                        "one meaning for each value of the kind column ('\(there.text)' and '\(kindValue.text)' "
                            + "are the same value)")
                }
            case "date-format":
                guard StatementDate.isValidPattern(value) else { throw fail("a date format such as %Y/%m/%d") }
                dateFormat = value
            case "decimal-mark":
                guard let mark = DecimalMark(rawValue: value) else { throw fail("decimal-mark=. or decimal-mark=,") }
                decimalMark = mark
            case "sign":
                guard let sign = StatementSign(rawValue: value) else {
                    throw fail("sign=expense-negative or sign=expense-positive")
                }
                self.sign = sign
            case "category":
                do { category = try FieldRules.label(value, field: "category") } catch { throw fail("a category") }
            case "tag":
                do { tags.append(try FieldRules.tag(value)) } catch { throw fail("a tag") }
            case "normalize-names":
                guard value == "yes" else { throw fail("normalize-names=yes") }
                foldNames = true
            case "account":
                guard ImportKeys.isValidName(value) else {
                    throw fail("account=<the name of the profile it was saved from>")
                }
                account = value
            case "into":
                do { into = try FieldRules.accountName(value) } catch { throw fail("into=<an account of the budget>") }
            default:
                throw fail(
                    "known options (preset, encoding, delimiter, skip, header, map, kind-value, date-format, "
                        + "decimal-mark, sign, category, tag, normalize-names, account, into)")
            }
        }
    }

    /// The options as `name=value` pairs separated by `;`, in a fixed order.
    public var settingText: String {
        options.map { $0.name + "=" + Self.escaped($0.value) }.joined(separator: ";")
    }

    /// The options given, in a fixed order, as names and values (unescaped).
    public var options: [(name: String, value: String)] {
        var parts: [(name: String, value: String)] = []
        if let preset { parts.append(("preset", preset)) }
        if let encoding { parts.append(("encoding", encoding)) }
        if let delimiter { parts.append(("delimiter", String(Character(delimiter)))) }
        if let skipLines { parts.append(("skip", String(skipLines))) }
        if let hasHeader { parts.append(("header", hasHeader ? "yes" : "no")) }
        for mapping in mappings { parts.append(("map", mapping.field.rawValue + ":" + mapping.column.text)) }
        for kindValue in kindValues { parts.append(("kind-value", kindValue.text + ":" + kindValue.meaning.rawValue)) }
        if let dateFormat { parts.append(("date-format", dateFormat)) }
        if let decimalMark { parts.append(("decimal-mark", decimalMark.rawValue)) }
        if let sign { parts.append(("sign", sign.rawValue)) }
        if let category { parts.append(("category", category)) }
        for tag in tags { parts.append(("tag", tag)) }
        if foldNames { parts.append(("normalize-names", "yes")) }
        if let account { parts.append(("account", account)) }
        if let into { parts.append(("into", into)) }
        return parts
    }

    /// Reads a stored string that `init(settingText:)` reads back to the same text.
    public init?(stored: StoredSetting) {
        guard case .string(let text) = stored, let profile = try? ImportProfile(settingText: text),
              profile.settingText == text else { return nil }
        self = profile
    }

    /// The text, as a JSON string.
    public var stored: StoredSetting? { .string(settingText) }

    /// A value with `\\` and `;` escaped by a backslash.
    private static func escaped(_ value: String) -> String {
        var result = ""
        for character in value {
            if character == "\\" || character == ";" { result.append("\\") }
            result.append(character)
        }
        return result
    }

    /// The `;`-separated parts of a profile's text, unescaped; `nil` when a backslash ends it.
    private static func parts(_ text: String) -> [String]? {
        var parts: [String] = []
        var current = ""
        var escaping = false
        for character in text {
            if escaping {
                guard character == ";" || character == "\\" else { return nil }
                current.append(character)
                escaping = false
            } else if character == "\\" {
                escaping = true
            } else if character == ";" {
                parts.append(current)
                current = ""
            } else {
                current.append(character)
            }
        }
        guard !escaping else { return nil }
        parts.append(current)
        return parts.filter { !$0.isEmpty }
    }
}
