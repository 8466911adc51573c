import Foundation

/// Parses a cookie's `Expires` attribute with RFC 6265 §5.1.1's algorithm: the first tokens that
/// look like a time, a day of the month, a month and a year, in any order and any of the formats
/// servers send ("Wed, 21 Oct 2015 07:28:00 GMT", "Wednesday, 21-Oct-15 07:28:00 GMT",
/// "Wed Oct 21 07:28:00 2015"). Always UTC. A pure function: any thread, retains nothing.
enum CookieDate {
    /// The date `text` names, or nil when it names none (the attribute is then ignored).
    static func parse(_ text: String) -> Date? {
        var time: (hour: Int, minute: Int, second: Int)?
        var day: Int?, month: Int?, year: Int?
        for token in Array(text.utf8).split(whereSeparator: isDelimiter) {
            if time == nil, let found = parseTime(token) {
                time = found
            } else if day == nil, let found = leadingNumber(of: token, digits: 1...2) {
                day = found
            } else if month == nil, let found = parseMonth(token) {
                month = found
            } else if year == nil, let found = leadingNumber(of: token, digits: 2...4) {
                year = found
            }
        }
        guard let time, let day, let month, var year else { return nil }
        if (70...99).contains(year) {
            year += 1900
        } else if (0...69).contains(year) {
            year += 2000
        }
        guard (1...daysIn(month: month, year: year)).contains(day), year >= 1601,
              time.hour <= 23, time.minute <= 59, time.second <= 59 else { return nil }
        let seconds = ((daysSince1970(year: year, month: month, day: day) * 24 + time.hour) * 60 + time.minute) * 60 + time.second
        return Date(timeIntervalSince1970: TimeInterval(seconds))
    }

    /// %x09 / %x20-2F / %x3B-40 / %x5B-60 / %x7B-7E
    private static func isDelimiter(_ byte: UInt8) -> Bool {
        byte == 0x09 || (0x20...0x2F).contains(byte) || (0x3B...0x40).contains(byte)
            || (0x5B...0x60).contains(byte) || (0x7B...0x7E).contains(byte)
    }

    /// The number made of the token's leading digits, when there are `digits` of them (a
    /// non-digit or nothing follows them: the prefix takes every digit).
    private static func leadingNumber(of token: ArraySlice<UInt8>, digits: ClosedRange<Int>) -> Int? {
        let prefix = token.prefix { (0x30...0x39).contains($0) }
        guard digits.contains(prefix.count) else { return nil }
        return prefix.reduce(0) { $0 * 10 + Int($1 - 0x30) }
    }

    /// hms-time: three fields of one or two digits separated by ":", then anything but a digit.
    private static func parseTime(_ token: ArraySlice<UInt8>) -> (hour: Int, minute: Int, second: Int)? {
        var rest = token
        var fields: [Int] = []
        while fields.count < 3 {
            if !fields.isEmpty {
                guard rest.first == UInt8(ascii: ":") else { return nil }
                rest = rest.dropFirst()
            }
            guard let field = leadingNumber(of: rest, digits: 1...2) else { return nil }
            fields.append(field)
            rest = rest.drop { (0x30...0x39).contains($0) }
        }
        return (fields[0], fields[1], fields[2])
    }

    private static let months = ["jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec"]

    /// 1…12 when the token starts with a month's three-letter name, in any case.
    private static func parseMonth(_ token: ArraySlice<UInt8>) -> Int? {
        guard token.count >= 3 else { return nil }
        let name = String(decoding: token.prefix(3), as: UTF8.self).lowercased()
        return months.firstIndex(of: name).map { $0 + 1 }
    }

    private static func daysIn(month: Int, year: Int) -> Int {
        switch month {
        case 2: year % 4 == 0 && (year % 100 != 0 || year % 400 == 0) ? 29 : 28
        case 4, 6, 9, 11: 30
        default: 31
        }
    }

    /// Days from 1970-01-01 to the date in the proleptic Gregorian calendar (the civil-from-days
    /// inverse: eras of 400 years, years starting in March).
    private static func daysSince1970(year: Int, month: Int, day: Int) -> Int {
        let shiftedYear = month <= 2 ? year - 1 : year
        let era = (shiftedYear >= 0 ? shiftedYear : shiftedYear - 399) / 400
        let yearOfEra = shiftedYear - era * 400
        let dayOfYear = (153 * (month + (month > 2 ? -3 : 9)) + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        return era * 146_097 + dayOfEra - 719_468
    }
}
