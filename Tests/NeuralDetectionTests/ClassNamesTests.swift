import XCTest
import NeuralDetection

final class ClassNamesTests: XCTestCase {
    func testParsesUltralyticsDictionary() {
        XCTAssertEqual(ClassNames.parse(metadata: "{0: 'person', 1: 'bicycle', 2: \"car\"}"), ["person", "bicycle", "car"])
    }

    func testParsesList() {
        XCTAssertEqual(ClassNames.parse(metadata: "['person', 'traffic light']"), ["person", "traffic light"])
    }

    func testRejectsGapsAndOtherText() {
        XCTAssertNil(ClassNames.parse(metadata: "{0: 'person', 2: 'car'}"))
        XCTAssertNil(ClassNames.parse(metadata: "person, car"))
        XCTAssertNil(ClassNames.parse(metadata: "{0: 'person"))
        XCTAssertNil(ClassNames.parse(metadata: "{}"))
    }
}
