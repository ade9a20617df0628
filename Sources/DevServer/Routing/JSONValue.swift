import Foundation

/// Reading values out of `JSONSerialization` results.
enum JSONValue {
    /// Booleans come out of JSONSerialization as NSNumber too, of their own class.
    private static let booleanType = type(of: NSNumber(value: true))

    /// An integral JSON number (not a boolean, not 1.5).
    static func integer(_ value: Any?) -> Int? {
        guard let number = value as? NSNumber, type(of: number) != booleanType else { return nil }
        let double = number.doubleValue
        guard double.rounded() == double, abs(double) < 9e15 else { return nil }
        return number.intValue
    }

    /// A JSON number that is not a boolean.
    static func number(_ value: Any?) -> Double? {
        guard let number = value as? NSNumber, type(of: number) != booleanType else { return nil }
        return number.doubleValue
    }
}
