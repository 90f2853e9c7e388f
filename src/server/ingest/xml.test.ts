import { describe, expect, it } from "vitest";
import {
  assertNoDtd,
  charsetOf,
  decodeXmlBytes,
  decodeXmlEntities,
  dropRepeatedAttributes,
  escapeBareAmpersands,
  XmlError,
} from "./xml.ts";

describe("decodeXmlEntities", () => {
  it.each([
    ["plain", "plain"],
    ["a &amp; b &lt;c&gt; &quot;d&quot; &apos;e&apos;", "a & b <c> \"d\" 'e'"],
    ["&#233;&#xE9;&#XE9;&#128512;", "ééé😀"],
    ["&amp;amp;", "&amp;"],
    ["&nbsp; &unknown; & alone; &#; &#x; &#12a;", "&nbsp; &unknown; & alone; &#; &#x; &#12a;"],
    ["&#0; &#xD800; &#x110000;", "\uFFFD \uFFFD \uFFFD"],
    ["&#x0010FFFF; &#00000000065;", "\u{10FFFF} &#00000000065;"],
    ["trailing &amp", "trailing &amp"],
  ])("%j → %j", (input, expected) => {
    expect(decodeXmlEntities(input)).toBe(expected);
  });
});

describe("assertNoDtd", () => {
  it.each([
    "<!DOCTYPE rss><rss/>",
    "<!doctype rss><rss/>",
    '<?xml version="1.0"?>\n<!ENTITY x "y"><rss/>',
    "<rss><!ELEMENT x ANY></rss>",
    "<!-- ok --><![CDATA[ok]]><!ATTLIST x>",
  ])("refuses %j", (xml) => {
    expect(() => assertNoDtd(xml)).toThrowError(XmlError);
  });

  it.each([
    "<rss/>",
    "<!-- <!DOCTYPE x> --><rss/>",
    "<rss><![CDATA[<!DOCTYPE html><!ENTITY x>]]></rss>",
    "<rss><!-- unclosed",
  ])("accepts %j", (xml) => {
    expect(() => assertNoDtd(xml)).not.toThrow();
  });
});

describe("decodeXmlBytes", () => {
  it.each([
    [
      "valid UTF-8 declared ISO-8859-1",
      Buffer.from('<?xml version="1.0" encoding="ISO-8859-1"?><a>é</a>'),
      null,
      "é",
    ],
    ["windows-1252 without a declaration", Buffer.from("<a>\x93\xe9\x94</a>", "latin1"), null, "“é”"],
    ["the HTTP charset", Buffer.from("<a>\xe9</a>", "latin1"), "iso-8859-15", "é"],
    [
      "an unknown declared label",
      Buffer.from('<?xml encoding="x-nonsense"?><a>\xe9</a>', "latin1"),
      null,
      "é",
    ],
    ["UTF-16BE without a BOM", Buffer.from("<a>", "utf16le").swap16(), null, "<a>"],
  ])("%s", (_name, bytes, charset, expected) => {
    expect(decodeXmlBytes(bytes, charset)).toContain(expected);
  });
});

describe("charsetOf", () => {
  it.each([
    ["text/xml; charset=UTF-8", "utf-8"],
    ['application/rss+xml;charset="windows-1251"', "windows-1251"],
    ["text/xml", null],
    [null, null],
  ])("%j → %j", (header, expected) => {
    expect(charsetOf(header)).toBe(expected);
  });
});

describe("escapeBareAmpersands", () => {
  it("escapes ampersands that start no reference, outside CDATA and comments", () => {
    expect(
      escapeBareAmpersands("<a x='1&2'>A & B &amp; &#38; &nbsp; <![CDATA[C & D]]><!-- E & F --></a>"),
    ).toBe("<a x='1&amp;2'>A &amp; B &amp; &#38; &nbsp; <![CDATA[C & D]]><!-- E & F --></a>");
  });
});

describe("dropRepeatedAttributes", () => {
  it("keeps the first of repeated attributes and leaves CDATA alone", () => {
    expect(dropRepeatedAttributes(`<a x="1" y='2' x="3"/><b x="1"><![CDATA[<c x="1" x="2">]]></b>`)).toBe(
      `<a x="1" y='2' /><b x="1"><![CDATA[<c x="1" x="2">]]></b>`,
    );
  });
});
