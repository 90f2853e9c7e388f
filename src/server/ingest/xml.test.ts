import { describe, expect, it } from "vitest";
import { assertNoDtd, decodeXmlEntities, XmlError } from "./xml.ts";

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
