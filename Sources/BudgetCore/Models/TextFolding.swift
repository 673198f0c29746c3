/// Text folded for matching, so that the forms one word takes in bank and card statements
/// compare equal: `ｾﾌﾞﾝ-ｲﾚﾌﾞﾝ` and `セブン-イレブン`, `ＡＭＡＺＯＮ．ＣＯ．ＪＰ` and `amazon.co.jp`.
///
/// A fold in the spirit of NFKC with case folding, from a small table of our own (Unicode
/// normalisation is not available with FoundationEssentials alone):
///
/// 1. width: half-width katakana and their punctuation (U+FF61–U+FF9F) become full width, a
///    voiced or semi-voiced sound mark joining the kana before it (`ｶﾞ` → `ガ`, `ﾊﾟ` → `パ`,
///    `ｳﾞ` → `ヴ`; a combining mark U+3099/U+309A after a kana joins it too); the full-width
///    ASCII block becomes ASCII, and so do the ideographic space, the minus sign U+2212 and
///    the full-width signs `￥ ￠ ￡ ￢ ￤ ￦` (`HalfWidth`'s table, and a few more); a spacing
///    sound mark (`゛` `゜`) after a kana joins it, and (for matching, not in `widthFolded`) a
///    hyphen after a katakana is the long vowel mark (`ｶｰﾄﾞ`, `カ－ト゛` and `カード` are one word);
/// 2. case: every letter lower-cased (Unicode's lowercase mapping);
/// 3. space: each run of white space becomes one space, and the ends are trimmed.
///
/// Hiragana and katakana stay distinct, as do other compatibility forms (circled digits,
/// ligatures) that NFKC would also change.
public enum TextFolding {
    /// The folded text.
    public static func folded(_ text: String) -> String {
        String(decoding: foldedUTF8(text), as: UTF8.self)
    }

    /// The text with widths and spaces folded (steps 1 and 3) but its case kept: how an
    /// import writes names it is asked to normalise (`ＡＭＡＺＯＮ．ＣＯ．ＪＰ` → `AMAZON.CO.JP`).
    public static func widthFolded(_ text: String) -> String {
        var folder = Folder(capacity: text.utf8.count)
        folder.lowercases = false
        for scalar in text.unicodeScalars { folder.add(scalar.value) }
        return String(decoding: folder.bytes, as: UTF8.self)
    }

    /// The folded text as UTF-8 bytes, for matching many patterns against one text.
    public static func foldedUTF8(_ text: String) -> [UInt8] {
        var folder = Folder(capacity: text.utf8.count)
        for scalar in text.unicodeScalars { folder.add(scalar.value) }
        return folder.bytes
    }

    /// A pattern folded for "contains" (rules, `--search`): its folded bytes, then, when it
    /// starts with a hyphen, the same with the long vowel mark in its place. A text's hyphen
    /// after a katakana folds to the mark (`ｾﾌﾞﾝ-ｲﾚﾌﾞﾝ` is `セブンーイレブン`), but nothing comes
    /// before a pattern's first hyphen to say which it stands for: `-ｲﾚﾌﾞﾝ` finds it either way.
    public static func needles(_ pattern: String) -> [[UInt8]] {
        let folded = foldedUTF8(pattern)
        let hyphens: [[UInt8]] = [[0x2D], [0xE2, 0x80, 0x90], [0xE2, 0x80, 0x91]]  // -, U+2010, U+2011
        guard let hyphen = hyphens.first(where: { folded.starts(with: $0) }) else { return [folded] }
        return [folded, [0xE3, 0x83, 0xBC] + folded.dropFirst(hyphen.count)]  // ー
    }

    /// The folding state: the bytes so far, a pending space, the last scalar written.
    private struct Folder {
        var bytes: [UInt8] = []
        var pendingSpace = false
        var last: UInt32 = 0
        var lastStart = 0
        var lowercases = true

        init(capacity: Int) {
            bytes.reserveCapacity(capacity)
        }

        mutating func add(_ original: UInt32) {
            var value = original
            if value >= 0x80 {
                if let plain = HalfWidth.plainScalar(value) ?? TextFolding.fullWidthSign(value) {
                    value = plain
                } else if let kana = TextFolding.halfWidthKatakana(value) {
                    value = kana
                }
            }
            // For matching, a hyphen after a katakana is the long vowel mark it stands for in
            // banks' exports (`カ－ト゛` is `カード`).
            if lowercases && (value == 0x2D || value == 0x2010 || value == 0x2011) && !pendingSpace
                && (0x30A1...0x30FA).contains(last) {
                write(0x30FC)
                return
            }
            if value < 0x80 {
                if value == 0x20 || (0x09...0x0D).contains(value) {
                    pendingSpace = true
                } else {
                    write(lowercases && (0x41...0x5A).contains(value) ? value + 0x20 : value)
                }
                return
            }
            // A spacing sound mark (゛ ゜, as banks' exports write `ト゛`) joins the kana before it too.
            if (value == 0x309B || value == 0x309C) && !pendingSpace && !bytes.isEmpty,
               let composed = TextFolding.composed(last, mark: value - 2) {
                bytes.removeSubrange(lastStart...)
                write(composed)
                return
            }
            if (value == 0x3099 || value == 0x309A) && !pendingSpace && !bytes.isEmpty,
               let composed = TextFolding.composed(last, mark: value) {
                bytes.removeSubrange(lastStart...)
                write(composed)
                return
            }
            // Kana and CJK ideographs: neither space nor cased (the bulk of Japanese names).
            if (0x3041...0x3096).contains(value) || (0x30A1...0x30FF).contains(value)
                || (0x4E00...0x9FFF).contains(value) {
                write(value)
                return
            }
            guard let scalar = Unicode.Scalar(value) else { return }
            let properties = scalar.properties
            if properties.isWhitespace {
                pendingSpace = true
            } else if lowercases && properties.changesWhenLowercased {
                for lower in properties.lowercaseMapping.unicodeScalars { write(lower.value) }
            } else {
                write(value)
            }
        }

        /// Writes one scalar as UTF-8, after the pending space (none at the start).
        mutating func write(_ value: UInt32) {
            if pendingSpace {
                if !bytes.isEmpty { bytes.append(0x20) }
                pendingSpace = false
            }
            last = value
            lastStart = bytes.count
            switch value {
            case ..<0x80:
                bytes.append(UInt8(value))
            case ..<0x800:
                bytes.append(UInt8(0xC0 | (value >> 6)))
                bytes.append(UInt8(0x80 | (value & 0x3F)))
            case ..<0x10000:
                bytes.append(UInt8(0xE0 | (value >> 12)))
                bytes.append(UInt8(0x80 | ((value >> 6) & 0x3F)))
                bytes.append(UInt8(0x80 | (value & 0x3F)))
            default:
                bytes.append(UInt8(0xF0 | (value >> 18)))
                bytes.append(UInt8(0x80 | ((value >> 12) & 0x3F)))
                bytes.append(UInt8(0x80 | ((value >> 6) & 0x3F)))
                bytes.append(UInt8(0x80 | (value & 0x3F)))
            }
        }
    }

    /// The full-width signs beyond `HalfWidth`'s table (U+FFE0–U+FFE6) as their plain forms.
    static func fullWidthSign(_ value: UInt32) -> UInt32? {
        switch value {
        case 0xFFE0: return 0xA2  // ¢
        case 0xFFE1: return 0xA3  // £
        case 0xFFE2: return 0xAC  // ¬
        case 0xFFE4: return 0xA6  // ¦
        case 0xFFE6: return 0x20A9  // ₩
        default: return nil
        }
    }

    /// Half-width katakana and punctuation (U+FF61–U+FF9F) in full width; the sound marks
    /// (U+FF9E, U+FF9F) as the combining marks U+3099 and U+309A.
    static func halfWidthKatakana(_ value: UInt32) -> UInt32? {
        guard (0xFF61...0xFF9F).contains(value) else { return nil }
        return UInt32(halfWidthTable[Int(value - 0xFF61)])
    }

    private static let halfWidthTable: [UInt16] = [
        0x3002, 0x300C, 0x300D, 0x3001, 0x30FB, 0x30F2, 0x30A1, 0x30A3,  // ｡｢｣､･ｦｧｨ
        0x30A5, 0x30A7, 0x30A9, 0x30E3, 0x30E5, 0x30E7, 0x30C3, 0x30FC,  // ｩｪｫｬｭｮｯｰ
        0x30A2, 0x30A4, 0x30A6, 0x30A8, 0x30AA, 0x30AB, 0x30AD, 0x30AF,  // ｱｲｳｴｵｶｷｸ
        0x30B1, 0x30B3, 0x30B5, 0x30B7, 0x30B9, 0x30BB, 0x30BD, 0x30BF,  // ｹｺｻｼｽｾｿﾀ
        0x30C1, 0x30C4, 0x30C6, 0x30C8, 0x30CA, 0x30CB, 0x30CC, 0x30CD,  // ﾁﾂﾃﾄﾅﾆﾇﾈ
        0x30CE, 0x30CF, 0x30D2, 0x30D5, 0x30D8, 0x30DB, 0x30DE, 0x30DF,  // ﾉﾊﾋﾌﾍﾎﾏﾐ
        0x30E0, 0x30E1, 0x30E2, 0x30E4, 0x30E6, 0x30E8, 0x30E9, 0x30EA,  // ﾑﾒﾓﾔﾕﾖﾗﾘ
        0x30EB, 0x30EC, 0x30ED, 0x30EF, 0x30F3, 0x3099, 0x309A,  // ﾙﾚﾛﾜﾝﾞﾟ
    ]

    /// The kana that `base` followed by a voiced (U+3099) or semi-voiced (U+309A) sound mark
    /// composes to, or `nil` when they stay apart.
    static func composed(_ base: UInt32, mark: UInt32) -> UInt32? {
        let isKatakana = (0x30A1...0x30FA).contains(base) || base == 0x30FD
        guard isKatakana || (0x3041...0x3096).contains(base) || base == 0x309D else { return nil }
        if mark == 0x3099 {
            switch base {
            case 0x30A6: return 0x30F4  // ウ → ヴ
            case 0x3046: return 0x3094  // う → ゔ
            case 0x30EF...0x30F2: return base + 8  // ワヰヱヲ → ヷヸヹヺ
            case 0x309D, 0x30FD: return base + 1  // ゝ → ゞ, ヽ → ヾ
            default: break
            }
        }
        let hiragana = isKatakana ? base - 0x60 : base
        switch hiragana {
        case 0x304B, 0x304D, 0x304F, 0x3051, 0x3053, 0x3055, 0x3057, 0x3059, 0x305B, 0x305D,  // か…そ
             0x305F, 0x3061, 0x3064, 0x3066, 0x3068:  // た…と
            return mark == 0x3099 ? base + 1 : nil
        case 0x306F, 0x3072, 0x3075, 0x3078, 0x307B:  // は ひ ふ へ ほ
            return mark == 0x3099 ? base + 1 : base + 2
        default:
            return nil
        }
    }
}
