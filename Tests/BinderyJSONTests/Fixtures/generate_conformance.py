#!/usr/bin/env python3
"""Writes the RFC 8259 conformance corpus: pass/*.json, fail/*.json and fail/expectations.json.

Each failing case marks the byte where the error must be reported with '§' (removed from the
file), so the expected line and column are stated by hand, not taken from Bindery's output.
Run it from this folder after adding a case; commit the files it writes.
"""
import json, os, shutil

PASS = {
  # literals
  "literal_true": "true", "literal_false": "false", "literal_null": "null",
  "literal_in_array": "[true, false, null]",
  # numbers
  "number_zero": "0", "number_negative_zero": "-0", "number_one": "1", "number_negative": "-1",
  "number_large_integer": "123456789012345678", "number_int64_max": "9223372036854775807",
  "number_int64_min": "-9223372036854775808", "number_uint64_max": "18446744073709551615",
  "number_fraction": "1.5", "number_negative_fraction": "-1.5", "number_zero_fraction": "0.5",
  "number_exponent": "1e10", "number_exponent_upper": "1E10", "number_exponent_plus": "1e+10",
  "number_exponent_minus": "1e-10", "number_fraction_exponent": "1.5e3",
  "number_negative_zero_fraction_exponent": "-0.0e-0", "number_zero_exponent": "0e0",
  "number_exponent_leading_zeros": "1e007", "number_400_digits": "1" * 400,
  "number_huge_exponent": "1e400", "number_tiny_exponent": "1e-400",
  "number_many_fraction_digits": "0." + "3" * 100, "number_min_subnormal": "5e-324",
  "number_double_max": "1.7976931348623157e308", "number_in_array": "[0, -0, 1.0, -2e-3]",
  # strings
  "string_empty": '""', "string_ascii": '"abc"', "string_space": '" "',
  "string_escaped_quote": r'"\""', "string_escaped_backslash": r'"\\"',
  "string_escaped_slash": r'"\/"', "string_escaped_backspace": r'"\b"',
  "string_escaped_formfeed": r'"\f"', "string_escaped_newline": r'"\n"',
  "string_escaped_return": r'"\r"', "string_escaped_tab": r'"\t"',
  "string_unicode_escape_ascii": r'"\u0041"', "string_unicode_escape_latin": r'"\u00e9"',
  "string_unicode_escape_upper_hex": r'"\u00E9"', "string_unicode_escape_cjk": r'"\u4e2d"',
  "string_unicode_escape_surrogate_pair": r'"\ud83d\ude00"',
  "string_unicode_escape_nul": r'"\u0000"', "string_unicode_escape_bmp_max": r'"\uffff"',
  "string_utf8_two_bytes": '"é"', "string_utf8_three_bytes": '"中文"',
  "string_utf8_four_bytes": '"😀"', "string_japanese": '"カフェ"',
  "string_raw_delete": '"\x7f"', "string_raw_line_separator": '"\u2028\u2029"',
  "string_all_escapes": r'"\"\\\/\b\f\n\r\t\u0001"', "string_long": '"' + "abcdefgh" * 500 + '"',
  "string_escape_after_eight_bytes": r'"abcdefghijk\nlmnop"',
  "string_quote_after_eight_bytes": '"0123456789abcdef"',
  # arrays
  "array_empty": "[]", "array_empty_with_space": "[ ]", "array_one": "[1]",
  "array_three": "[1,2,3]", "array_nested_empty": "[[[]]]", "array_mixed": '[1, "a", null, true, {}, []]',
  "array_whitespace_everywhere": " [ 1 , 2 ] ", "array_newlines": "[\n1,\n2\n]",
  "array_crlf": "[\r\n1,\r\n2\r\n]", "array_tabs": "[\t1,\t2\t]",
  "array_of_objects": '[{"a": 1}, {"b": 2}]',
  # objects
  "object_empty": "{}", "object_empty_with_space": "{ }", "object_one": '{"a":1}',
  "object_nested": '{"a": {"b": {"c": null}}}', "object_empty_key": '{"": 0}',
  "object_duplicate_keys": '{"a": 1, "a": 2}', "object_unicode_key": '{"キー": "値"}',
  "object_escaped_key": r'{"a\u0062": 1}', "object_whitespace_around_colon": '{"a" : 1 ,"b"\t:\t2}',
  "object_many_members": "{" + ",".join(f'"k{i}": {i}' for i in range(200)) + "}",
  "object_flickr_shaped": '{"title": "Uploads", "items": [{"media": {"m": "https://x/y.jpg"}, "tags": "a b"}]}',
  # top level and whitespace
  "toplevel_string": '"top"', "toplevel_number_with_whitespace": "  42  ",
  "toplevel_trailing_newline": "{}\n", "whitespace_all_four_kinds": " \t\r\n[] \t\r\n",
  "nesting_depth_512": "[" * 512 + "]" * 512,
}

FAIL = {
  # input as a whole
  "empty_input": ("§", "unexpectedEndOfInput"),
  "only_whitespace": (" \n\t §", "unexpectedEndOfInput"),
  "byte_order_mark": ("§\ufeff{}", "unexpectedCharacter"),
  "nul_byte_outside_string": ("[1,§\x00]", "unexpectedCharacter"),
  # numbers
  "number_leading_zero": ("§01", "invalidNumber"), "number_negative_leading_zero": ("§-01", "invalidNumber"),
  "number_double_zero": ("§00", "invalidNumber"), "number_plus_sign": ("§+1", "unexpectedCharacter"),
  "number_leading_dot": ("§.5", "unexpectedCharacter"), "number_trailing_dot": ("1.§", "unexpectedEndOfInput"),
  "number_trailing_dot_in_array": ("[1.§]", "invalidNumber"), "number_minus_alone": ("-§", "unexpectedEndOfInput"),
  "number_minus_minus": ("-§-1", "invalidNumber"), "number_exponent_without_digits": ("1e§", "unexpectedEndOfInput"),
  "number_exponent_sign_without_digits": ("[1e+§]", "invalidNumber"), "number_exponent_upper_minus": ("1E-§", "unexpectedEndOfInput"),
  "number_hex": ("0§x10", "trailingContent"), "number_dot_exponent": ("1.§e5", "invalidNumber"),
  "number_infinity": ("§Infinity", "unexpectedCharacter"), "number_negative_infinity": ("-§Infinity", "invalidNumber"),
  "number_nan": ("§NaN", "unexpectedCharacter"), "number_underscore": ("1§_000", "trailingContent"),
  "number_two_dots": ("1.5§.3", "trailingContent"), "number_minus_dot": ("-§.5", "invalidNumber"),
  "number_in_array_leading_zero": ("[§012]", "invalidNumber"), "number_space_inside": ("[1 §2]", "unexpectedCharacter"),
  "number_comma_decimal": ("[1§,]", None), "number_fullwidth_digit": ("§１", "unexpectedCharacter"),
  # literals
  "literal_truncated_true": ("tru§", "unexpectedEndOfInput"), "literal_capital_true": ("§True", "unexpectedCharacter"),
  "literal_truncated_null": ("nul§", "unexpectedEndOfInput"), "literal_upper_null": ("§NULL", "unexpectedCharacter"),
  "literal_misspelled": ("§nulx", "unexpectedCharacter"), "literal_with_suffix": ("false§y", "trailingContent"),
  "literal_undefined": ("§undefined", "unexpectedCharacter"), "literal_single_t": ("t§", "unexpectedEndOfInput"),
  # strings
  "string_unterminated": ('"abc§', "unexpectedEndOfInput"), "string_unterminated_in_array": ('["abc]§', "unexpectedEndOfInput"),
  "string_single_quotes": ("§'a'", "unexpectedCharacter"), "string_raw_tab": ('"a§\tb"', "controlCharacterInString"),
  "string_raw_newline": ('"a§\nb"', "controlCharacterInString"), "string_raw_nul": ('"§\x00"', "controlCharacterInString"),
  "string_raw_unit_separator": ('"§\x1f"', "controlCharacterInString"),
  "string_escape_x": (r'"§\x41"', "invalidEscape"), "string_escape_apostrophe": (r'"it§\'s"', "invalidEscape"),
  "string_escape_a": (r'"§\a"', "invalidEscape"), "string_escape_zero": (r'"§\0"', "invalidEscape"),
  "string_escape_upper_u": (r'"§\U0041"', "invalidEscape"), "string_escape_at_end": ('"\\§', "unexpectedEndOfInput"),
  "string_escape_space": (r'"§\ "', "invalidEscape"),
  "string_unicode_escape_short": (r'"§\u12"', "invalidUnicodeEscape"), "string_unicode_escape_bad_hex": (r'"§\uGGGG"', "invalidUnicodeEscape"),
  "string_unicode_escape_truncated": (r'"\u12§', "unexpectedEndOfInput"),
  "string_lone_high_surrogate": (r'"§\ud800"', "invalidUnicodeEscape"), "string_lone_low_surrogate": (r'"§\udc00"', "invalidUnicodeEscape"),
  "string_high_surrogate_then_ascii": (r'"§\ud800\u0041"', "invalidUnicodeEscape"),
  "string_high_surrogate_then_text": (r'"§\ud83dx"', "invalidUnicodeEscape"),
  "string_two_high_surrogates": (r'"§\ud83d\ud83d"', "invalidUnicodeEscape"),
  "string_reversed_surrogates": (r'"§\ude00\ud83d"', "invalidUnicodeEscape"),
  "string_key_unterminated": ('{"a§', "unexpectedEndOfInput"),
  "string_long_then_control": ('"abcdefghijklmnop§\x01"', "controlCharacterInString"),
  # arrays
  "array_trailing_comma": ("[1,§]", "unexpectedCharacter"), "array_leading_comma": ("[§,1]", "unexpectedCharacter"),
  "array_double_comma": ("[1,§,2]", "unexpectedCharacter"), "array_missing_comma": ('[1 §"a"]', "unexpectedCharacter"),
  "array_unclosed": ("[1§", "unexpectedEndOfInput"), "array_unclosed_after_comma": ("[1,§", "unexpectedEndOfInput"),
  "array_unclosed_empty": ("[§", "unexpectedEndOfInput"), "array_extra_close": ("[]§]", "trailingContent"),
  "array_colon": ("[1§:2]", "unexpectedCharacter"), "array_closed_by_brace": ("[1§}", "unexpectedCharacter"),
  "array_only_comma": ("[§,]", "unexpectedCharacter"), "array_nested_unclosed": ("[[1]§", "unexpectedEndOfInput"),
  # objects
  "object_trailing_comma": ('{"a":1,§}', "unexpectedCharacter"), "object_unquoted_key": ("{§a:1}", "unexpectedCharacter"),
  "object_single_quoted_key": ("{§'a':1}", "unexpectedCharacter"), "object_missing_colon": ('{"a" §1}', "unexpectedCharacter"),
  "object_missing_value": ('{"a":§}', "unexpectedCharacter"), "object_key_only": ('{"a"§}', "unexpectedCharacter"),
  "object_only_comma": ("{§,}", "unexpectedCharacter"), "object_missing_comma": ('{"a":1 §"b":2}', "unexpectedCharacter"),
  "object_number_key": ("{§1:2}", "unexpectedCharacter"), "object_closed_by_bracket": ('{"a":1§]', "unexpectedCharacter"),
  "object_unclosed": ('{"a":1§', "unexpectedEndOfInput"), "object_unclosed_empty": ("{§", "unexpectedEndOfInput"),
  "object_extra_close": ('{"a":1}§}', "trailingContent"), "object_double_colon": ('{"a"::§1}', None),
  "object_null_key": ("{§null:1}", "unexpectedCharacter"), "object_array_key": ("{§[]:1}", "unexpectedCharacter"),
  "object_equals_sign": ('{"a"§=1}', "unexpectedCharacter"), "object_comma_instead_of_colon": ('{"a"§,1}', "unexpectedCharacter"),
  # comments and other non-JSON syntax
  "comment_line": ("§// c\n1", "unexpectedCharacter"), "comment_block": ("§/* c */ 1", "unexpectedCharacter"),
  "comment_inside_array": ("[1 §/* c */]", "unexpectedCharacter"), "comment_hash": ("§# c\n1", "unexpectedCharacter"),
  "jsonp_wrapper": ("§cb({})", "unexpectedCharacter"), "anti_xssi_prefix": ("§)]}'\n{}", "unexpectedCharacter"),
  # trailing content
  "trailing_second_value": ("1 §2", "trailingContent"), "trailing_second_object": ("{} §{}", "trailingContent"),
  "trailing_word": ("[] §x", "trailingContent"), "trailing_second_string": ('"a" §"b"', "trailingContent"),
  "trailing_comma": ("1§,", "trailingContent"), "trailing_nul": ("{}§\x00", "trailingContent"),
  # multi-line positions
  "multiline_missing_comma": ('{\n  "a": 1\n  §"b": 2\n}', "unexpectedCharacter"),
  "multiline_crlf_trailing_comma": ('[\r\n  1,\r\n§]', "unexpectedCharacter"),
  "multiline_unicode_before_error": ('{"名前": "カフェ", §x}', "unexpectedCharacter"),
  # depth
  "nesting_depth_513": ("[" * 512 + "§[" + "]" * 513, "depthLimitExceeded"),
}
# Cases whose kind depends on a choice worth stating: the comma-decimal reads as a trailing
# comma, the double colon as a value that is not one.
FAIL["number_comma_decimal"] = ("[1,§]", "unexpectedCharacter")
FAIL["object_double_colon"] = ('{"a":§:1}', "unexpectedCharacter")

# Invalid UTF-8 cannot be written as Python text: (bytes, marker offset, kind).
FAIL_BYTES = {
  "utf8_invalid_byte_ff": (b'"a\xffb"', 2), "utf8_lone_continuation": (b'"\x80"', 1),
  "utf8_overlong_slash": (b'"\xc0\xaf"', 1), "utf8_overlong_c1": (b'"\xc1\xbf"', 1),
  "utf8_overlong_three_bytes": (b'"\xe0\x80\xaf"', 1), "utf8_overlong_four_bytes": (b'"\xf0\x80\x80\xaf"', 1),
  "utf8_encoded_surrogate": (b'"\xed\xa0\x80"', 1), "utf8_above_max_scalar": (b'"\xf4\x90\x80\x80"', 1),
  "utf8_lead_f5": (b'"\xf5\x80\x80\x80"', 1), "utf8_truncated_sequence": (b'"\xe4\xb8"', 1),
  "utf8_truncated_in_key": (b'{"\xe4": 1}', 2), "utf8_invalid_after_ascii_run": (b'"abcdefghij\xfe"', 11),
}

def location(data: bytes, offset: int):
  line, start, i = 1, 0, 0
  while i < offset:
    if data[i] == 0x0A:
      line, start = line + 1, i + 1
    elif data[i] == 0x0D:
      if i + 1 < len(data) and data[i + 1] == 0x0A:
        i += 1
      line, start = line + 1, i + 1
    i += 1
  column = 1 + sum(1 for b in data[start:offset] if b & 0xC0 != 0x80)
  return line, column

def main():
  here = os.path.dirname(os.path.abspath(__file__))
  for folder in ("pass", "fail"):
    shutil.rmtree(os.path.join(here, folder), ignore_errors=True)
    os.makedirs(os.path.join(here, folder))
  for name, text in PASS.items():
    with open(os.path.join(here, "pass", name + ".json"), "wb") as f:
      f.write(text.encode("utf-8"))
  expectations = {}
  for name, (text, kind) in FAIL.items():
    assert text.count("§") == 1, name
    offset = len(text[: text.index("§")].encode("utf-8"))
    data = text.replace("§", "").encode("utf-8")
    line, column = location(data, offset)
    expectations[name + ".json"] = {"kind": kind, "offset": offset, "line": line, "column": column}
    with open(os.path.join(here, "fail", name + ".json"), "wb") as f:
      f.write(data)
  for name, (data, offset) in FAIL_BYTES.items():
    line, column = location(data, offset)
    expectations[name + ".json"] = {"kind": "invalidUTF8", "offset": offset, "line": line, "column": column}
    with open(os.path.join(here, "fail", name + ".json"), "wb") as f:
      f.write(data)
  with open(os.path.join(here, "fail", "expectations.json"), "w") as f:
    json.dump(expectations, f, indent=1, sort_keys=True, ensure_ascii=False)
    f.write("\n")
  print(f"{len(PASS)} pass, {len(expectations)} fail cases")

main()
