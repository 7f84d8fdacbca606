import BinderyNaming
import Testing

@Suite struct StringLiteralTests {
  @Test func stringLiteralsEscapeWhatSwiftSourceCannotHoldAsIs() {
    #expect(Identifiers.stringLiteral("media.m") == #""media.m""#)
    #expect(Identifiers.stringLiteral(#"a"b\c"#) == #""a\"b\\c""#)
    #expect(Identifiers.stringLiteral("line\nnext\ttab\r") == #""line\nnext\ttab\r""#)
    #expect(Identifiers.stringLiteral("bell\u{7}del\u{7F}") == #""bell\u{7}del\u{7f}""#)
    #expect(Identifiers.stringLiteral("カフェ é") == "\"カフェ é\"")
  }
}
