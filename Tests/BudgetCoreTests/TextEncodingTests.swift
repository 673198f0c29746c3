import XCTest
@testable import BudgetCore

/// Statements in CP932, EUC-JP, Windows-1252, Latin-1, UTF-16 and UTF-8 with a byte-order mark,
/// read strictly; exports written in CP932 with its substitutes.
final class TextEncodingTests: XCTestCase {
    private typealias Place = TextEncodingError.Place

    private func decodeError(_ bytes: [UInt8], _ encoding: TextEncoding? = nil) -> TextEncodingError? {
        do {
            _ = try TextDecoder(encoding: encoding).decode(bytes)
            return nil
        } catch {
            return error
        }
    }

    func testCP932_DecodesMicrosoftsTable() throws {
        // ～ ① ㈱ 髙 (IBM and NEC-selected codes) 﨑 (both), \, ｾﾌﾞﾝ
        let bytes: [UInt8] = [
            0x81, 0x60, 0x87, 0x40, 0x87, 0x8A, 0xFB, 0xFC, 0xEE, 0xE0, 0xFA, 0xB1, 0xED, 0x95, 0x5C, 0xBE, 0xCC, 0xDE,
            0xDD
        ]
        for decoder in [TextDecoder(encoding: .cp932), TextDecoder()] {
            let text = try decoder.decode(bytes)
            XCTAssertEqual(text, "\u{FF5E}①㈱髙髙﨑﨑\\ｾﾌﾞﾝ")
            XCTAssertEqual(text.unicodeScalars.first, "\u{FF5E}", "0x8160 is the full-width tilde, not the wave dash")
            XCTAssertEqual(Array(text.unicodeScalars)[7], "\\", "0x5C stays a backslash, not ¥")
        }
        // セブン 食費 in a CSV line
        XCTAssertEqual(
            try TextEncoding.cp932.decode(
                [0x83, 0x5A, 0x83, 0x75, 0x83, 0x93, 0x2C, 0x90, 0x48, 0x94, 0xEF, 0x0D, 0x0A]),
            "セブン,食費\r\n")
    }

    func testCP932_RefusesInvalidAndIncompleteBytesWithTheirPlace() {
        let lines = Array("ab\ncd\n".utf8)
        XCTAssertEqual(
            decodeError(lines + [0x85, 0x40], .cp932),
            .invalid(.cp932, at: Place(line: 3, offset: 6)),
            "0x85 leads no character")
        XCTAssertEqual(decodeError(lines + [0x41, 0xFF], .cp932), .invalid(.cp932, at: Place(line: 3, offset: 7)))
        XCTAssertEqual(
            decodeError(lines + [0x41, 0x81], .cp932),
            .invalid(.cp932, at: Place(line: 3, offset: 7)),
            "a lead byte at the end is half a character")
        XCTAssertEqual(
            decodeError([0x81, 0x0A, 0x41], .cp932),
            .invalid(.cp932, at: Place(line: 1, offset: 0)),
            "a line feed is no trail byte")
    }

    func testUTF8_IsStrictAndNamesTheFirstBadByte() throws {
        XCTAssertEqual(decodeError([0x61, 0x0A, 0x62, 0xC3], .utf8), .invalid(.utf8, at: Place(line: 2, offset: 3)))
        XCTAssertEqual(
            decodeError([0xEF, 0xBB, 0xBF, 0x0A, 0xED, 0xA0, 0x80]),
            .invalid(.utf8, at: Place(line: 2, offset: 4)),
            "after UTF-8's byte-order mark the file is UTF-8, offsets counted from the file's start")
        XCTAssertEqual(try TextDecoder(encoding: .utf8).decode(Array("家計簿".utf8)), "家計簿")
    }

    func testBOM_UTF8IsDroppedAndUTF16IsDecoded() throws {
        for encoding in [nil, TextEncoding.utf8] {
            let text = try TextDecoder(encoding: encoding).decode([0xEF, 0xBB, 0xBF] + Array("name,amount\n".utf8))
            XCTAssertEqual(text, "name,amount\n", "the byte-order mark is not part of the first header")
            XCTAssertEqual(text.unicodeScalars.first, "n")
        }
        let text = "日付,金額\n2026-01-05,\u{1F382}\n"
        let units = Array(text.utf16)
        let little: [UInt8] = [0xFF, 0xFE] + units.flatMap { unit -> [UInt8] in [UInt8(unit & 0xFF), UInt8(unit >> 8)] }
        let big: [UInt8] = [0xFE, 0xFF] + units.flatMap { unit -> [UInt8] in [UInt8(unit >> 8), UInt8(unit & 0xFF)] }
        XCTAssertEqual(try TextDecoder().decode(little), text)
        XCTAssertEqual(try TextDecoder().decode(big), text)
        XCTAssertEqual(
            decodeError(little + [0x41]),
            .invalidUTF16(at: Place(line: 3, offset: little.count)),
            "an odd byte at the end")
        XCTAssertEqual(
            decodeError([0xFF, 0xFE, 0x41, 0x00, 0x0A, 0x00, 0x00, 0xDC]),
            .invalidUTF16(at: Place(line: 2, offset: 6)),
            "a lone low surrogate")
    }

    func testAuto_PrefersUTF8ThenCP932ThenEUCJPThenNamesWhereEachStopped() throws {
        XCTAssertEqual(try TextDecoder().decode(Array("ｾﾌﾞﾝ,食費\n".utf8)), "ｾﾌﾞﾝ,食費\n", "valid UTF-8 is UTF-8")
        XCTAssertEqual(try TextDecoder().decode([0x82, 0xA0, 0x0A]), "あ\n")
        XCTAssertEqual(
            decodeError([0x82, 0xA0, 0x0A, 0x85, 0x40]),
            .undetected(
                utf8: Place(line: 1, offset: 0), cp932: Place(line: 2, offset: 3), eucJP: Place(line: 1, offset: 1)),
            "EUC-JP has no 0xA0")
        XCTAssertEqual(
            decodeError([0x61, 0x0A, 0x85, 0x40]),
            .undetected(
                utf8: Place(line: 2, offset: 2), cp932: Place(line: 2, offset: 2), eucJP: Place(line: 2, offset: 2)))
    }

    func testAuto_ReadsEUCJPWhereCP932Stops() throws {
        // 2026-01-05,食費,東京駅,1200 in EUC-JP: CP932 stops at the 0xF1 before the comma.
        let line: [UInt8] = Array("2026-01-05,".utf8)
            + [0xBF, 0xA9, 0xC8, 0xF1, 0x2C, 0xC5, 0xEC, 0xB5, 0xFE, 0xB1, 0xD8] + Array(",1200\n".utf8)
        XCTAssertEqual(decodeError(line, .cp932), .invalid(.cp932, at: Place(line: 1, offset: 14)))
        XCTAssertEqual(try TextDecoder().decode(line), "2026-01-05,食費,東京駅,1200\n")
        // 書籍 in EUC-JP is also valid CP932 (other characters): read as CP932, as before.
        let both: [UInt8] = [0xBD, 0xF1, 0xC0, 0xD2]
        XCTAssertEqual(try TextDecoder().decode(both), try TextEncoding.cp932.decode(both))
        XCTAssertNotEqual(try TextDecoder().decode(both), "書籍")
        // 食費, a line feed, then 0x85: UTF-8, CP932 and EUC-JP each stop elsewhere.
        XCTAssertEqual(
            decodeError([0xBF, 0xA9, 0xC8, 0xF1, 0x0A, 0x85, 0x40]),
            .undetected(
                utf8: Place(line: 1, offset: 0), cp932: Place(line: 1, offset: 3), eucJP: Place(line: 2, offset: 5)))
        XCTAssertEqual(
            decodeError([0xBF, 0xA9, 0xC8, 0xF1, 0x0A, 0xA5]),
            .undetected(
                utf8: Place(line: 1, offset: 0), cp932: Place(line: 1, offset: 3), eucJP: Place(line: 2, offset: 5)),
            "a lead byte at the end is half a character")
        XCTAssertEqual(
            decodeError(Array("Fee,".utf8) + [0x80] + Array("12,50\n".utf8)),
            .undetected(
                utf8: Place(line: 1, offset: 4), cp932: Place(line: 1, offset: 4), eucJP: Place(line: 1, offset: 4)),
            "Windows-1252's € is no EUC-JP control character")
    }

    func testWindows1252_DecodesItsTableAndRefusesItsFiveUnusedBytes() throws {
        // Café, Crème brûlée €12,50 “x” – in Windows-1252
        let bytes: [UInt8] = [
            0x43, 0x61, 0x66, 0xE9, 0x2C, 0x20, 0x43, 0x72, 0xE8, 0x6D, 0x65, 0x20, 0x62, 0x72, 0xFB, 0x6C, 0xE9,
            0x65, 0x20, 0x80, 0x31, 0x32, 0x2C, 0x35, 0x30, 0x20, 0x93, 0x78, 0x94, 0x20, 0x96, 0x0A,
        ]
        let text = "Café, Crème brûlée €12,50 “x” –\n"
        XCTAssertEqual(try TextDecoder(encoding: .windows1252).decode(bytes), text)
        XCTAssertEqual(try TextDecoder(encoding: TextEncoding(rawValue: "cp1252")).decode(bytes), text)
        XCTAssertEqual(try TextEncoding.windows1252.encode(text), bytes)
        for unused: UInt8 in [0x81, 0x8D, 0x8F, 0x90, 0x9D] {
            XCTAssertEqual(
                decodeError(Array("ab\nc".utf8) + [unused], .windows1252),
                .invalid(.windows1252, at: Place(line: 2, offset: 4)),
                "0x\(String(unused, radix: 16))")
        }
        XCTAssertEqual(
            decodeError(bytes),
            .undetected(
                utf8: Place(line: 1, offset: 3), cp932: Place(line: 1, offset: 3), eucJP: Place(line: 1, offset: 3)),
            "never guessed")
        XCTAssertThrowsError(try TextEncoding.windows1252.encode("家計")) { error in
            XCTAssertEqual(error as? TextEncodingError, .unencodable("家", .windows1252, record: nil))
        }
    }

    func testLatin1_EachByteIsTheCharacterOfItsValue() throws {
        let bytes = (0...255).map { UInt8($0) }
        let text = try TextDecoder(encoding: .latin1).decode(bytes)
        XCTAssertEqual(text.unicodeScalars.map(\.value), (0...255).map { UInt32($0) })
        XCTAssertEqual(try TextDecoder(encoding: TextEncoding(rawValue: "iso-8859-1")).decode([0x80, 0xE9]), "\u{80}é")
        XCTAssertEqual(try TextEncoding.latin1.encode(text), bytes)
        XCTAssertThrowsError(try TextEncoding.latin1.encode("€")) { error in
            XCTAssertEqual(error as? TextEncodingError, .unencodable("€", .latin1, record: nil))
        }
        XCTAssertNotNil(decodeError([0x43, 0x61, 0x66, 0xE9, 0x0A]), "never guessed")
    }

    func testNames_TakeTheOtherNamesEncodingsGoBy() throws {
        XCTAssertEqual(TextEncoding.allCases.map(\.rawValue), ["utf-8", "cp932", "euc-jp", "windows-1252", "latin-1"])
        XCTAssertEqual(TextEncoding(rawValue: "cp1252"), .windows1252)
        XCTAssertEqual(TextEncoding(rawValue: "iso-8859-1"), .latin1)
        XCTAssertNil(TextEncoding(rawValue: "auto"))
        for encoding in TextEncoding.allCases { XCTAssertEqual(TextEncoding(rawValue: encoding.rawValue), encoding) }
        for name in ["windows-1252", "cp1252", "latin-1", "iso-8859-1", "euc-jp"] {
            XCTAssertEqual(try ImportProfile(settingText: "encoding=\(name)").encoding, name, "kept as given")
        }
        XCTAssertThrowsError(try ImportProfile(settingText: "encoding=latin1"))
    }

    func testEUCJP_DecodesWhenNamed() throws {
        // ユー〜 食費
        let bytes: [UInt8] = [0xA5, 0xE6, 0xA1, 0xBC, 0xA1, 0xC1, 0x2C, 0xBF, 0xA9, 0xC8, 0xF1]
        XCTAssertEqual(try TextDecoder(encoding: .eucJP).decode(bytes), "ユー〜,食費")
        XCTAssertEqual(decodeError([0x41, 0xA5], .eucJP), .invalid(.eucJP, at: Place(line: 1, offset: 1)))
    }

    func testCP932_EncodeSubstitutesWhatItHasNoCodeFor() throws {
        let bytes = try TextEncoding.cp932.encode("〜−¥‖—¢£¬ ｾﾌﾞﾝ①髙\\,\r\n")
        XCTAssertEqual(Array(bytes.prefix(2)), [0x81, 0x60], "the wave dash is written as the full-width tilde's code")
        XCTAssertEqual(try TextEncoding.cp932.decode(bytes), "～－￥∥―￠￡￢ ｾﾌﾞﾝ①髙\\,\r\n")
        XCTAssertEqual(try TextEncoding.utf8.encode("〜"), Array("〜".utf8), "UTF-8 needs no substitute")
    }

    func testCP932_EncodeRefusesEmojiAndNamesIt() {
        XCTAssertThrowsError(try TextEncoding.cp932.encode("cake 🎂 and ❤")) { error in
            XCTAssertEqual(error as? TextEncodingError, .unencodable("🎂", .cp932, record: nil))
        }
    }

    func testCheckEncodable_NamesTheFirstRecordAndCharacter() throws {
        var document = BudgetDocument()
        let day = try XCTUnwrap(Day(iso: "2026-11-21"))
        _ = try document.addIncome(name: "給料 〜11月", amount: 1000, date: day)
        _ = try document.addExpense(name: "家賃 − ¥", amount: 800, category: "住居", date: day)
        XCTAssertNoThrow(try BudgetExport.checkEncodable(document, query: RecordQuery(), as: .cp932))
        _ = try document.addExpense(name: "Lunch", amount: 900, category: "food", date: day, note: "cake", tags: ["🎂"])
        _ = try document.addExpense(name: "Coffee ☕", amount: 400, date: day)
        XCTAssertThrowsError(try BudgetExport.checkEncodable(document, query: RecordQuery(), as: .cp932)) { error in
            XCTAssertEqual(
                error as? TextEncodingError,
                .unencodable("🎂", .cp932, record: RecordReference(kind: .expense, id: "00000002")))
        }
        XCTAssertNoThrow(try BudgetExport.checkEncodable(document, query: RecordQuery(), as: .utf8))
    }

    func testMessages_AreLowerCaseAndNameNoOption() {
        let errors: [TextEncodingError] = [
            .invalid(.cp932, at: Place(line: 12, offset: 345)),
            .invalidUTF16(at: Place(line: 1, offset: 2)),
            .undetected(
                utf8: Place(line: 1, offset: 0), cp932: Place(line: 2, offset: 3), eucJP: Place(line: 2, offset: 4)),
            .unencodable("🎂", .cp932, record: RecordReference(kind: .expense, id: "00000012")),
            .unavailable(.eucJP),
            .invalid(.windows1252, at: Place(line: 1, offset: 5)),
            .undetected(
                utf8: Place(line: 1, offset: 3), cp932: Place(line: 1, offset: 3), eucJP: Place(line: 1, offset: 3)),
        ]
        for error in errors {
            let message = error.errorDescription ?? ""
            XCTAssertEqual(message.first.map { $0.isLowercase }, true, message)
            XCTAssertFalse(message.contains("--"), message)
        }
        XCTAssertEqual(errors[0].errorDescription, "line 12 (byte 345) is not valid CP932 text")
        XCTAssertEqual(errors[3].errorDescription, "expense-00000012 holds '🎂' (U+1F382), which CP932 has no code for")
        XCTAssertEqual(
            errors[2].errorDescription,
            "the file is not UTF-8, CP932 or EUC-JP text: UTF-8 stops at line 1 (byte 0), CP932 at line 2 (byte 3), "
                + "EUC-JP at line 2 (byte 4)")
        XCTAssertEqual(errors[5].errorDescription, "line 1 (byte 5) is not valid Windows-1252 text")
        XCTAssertEqual(errors[6].errorDescription, "line 1 (byte 3) is not UTF-8, CP932 or EUC-JP text")
    }
}
