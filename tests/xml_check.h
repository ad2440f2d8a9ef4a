// A strict-enough XML well-formedness check for the SVG tests: balanced and properly nested
// tags, quoted attributes, no stray '<' or '&' in text or attribute values, one root element.
#ifndef TOURNEY_TESTS_XML_CHECK_H_
#define TOURNEY_TESTS_XML_CHECK_H_

#include <cctype>
#include <map>
#include <string>
#include <string_view>
#include <vector>

namespace tourney::testing {

struct XmlCheck {
  bool ok = true;
  std::string error;
  std::map<std::string, int> element_counts;  // elements by name
  std::vector<std::string> texts;             // unescaped text nodes, in order
};

inline bool ValidEntityAt(std::string_view s, size_t i) {
  for (std::string_view e : {"&amp;", "&lt;", "&gt;", "&quot;", "&apos;"}) {
    if (s.substr(i, e.size()) == e) return true;
  }
  return false;
}

inline std::string Unescape(std::string_view s) {
  std::string out;
  for (size_t i = 0; i < s.size(); ++i) {
    if (s[i] == '&') {
      const size_t semi = s.find(';', i);
      const std::string_view e = s.substr(i, semi - i + 1);
      if (e == "&amp;") out += '&';
      if (e == "&lt;") out += '<';
      if (e == "&gt;") out += '>';
      if (e == "&quot;") out += '"';
      if (e == "&apos;") out += '\'';
      i = semi;
    } else {
      out += s[i];
    }
  }
  return out;
}

inline XmlCheck CheckXml(std::string_view doc) {
  XmlCheck r;
  auto fail = [&](const std::string& why, size_t at) {
    if (r.ok) r.error = why + " at offset " + std::to_string(at);
    r.ok = false;
  };
  std::vector<std::string> stack;
  int roots = 0;
  size_t i = 0;
  if (doc.substr(0, 5) == "<?xml") {
    i = doc.find("?>");
    if (i == std::string_view::npos) {
      fail("unterminated declaration", 0);
      return r;
    }
    i += 2;
  }
  while (i < doc.size() && r.ok) {
    if (doc[i] != '<') {
      const size_t next = doc.find('<', i);
      const std::string_view text = doc.substr(i, next - i);
      for (size_t k = 0; k < text.size(); ++k) {
        if (text[k] == '&' && !ValidEntityAt(text, k)) fail("bare '&' in text", i + k);
        if (text[k] == '>') fail("bare '>' in text", i + k);
      }
      bool blank = true;
      for (char c : text) blank &= std::isspace(static_cast<unsigned char>(c)) != 0;
      if (!blank) {
        if (stack.empty()) fail("text outside the root element", i);
        r.texts.push_back(Unescape(text));
      }
      if (next == std::string_view::npos) break;
      i = next;
      continue;
    }
    if (doc.substr(i, 4) == "<!--") {
      const size_t end = doc.find("-->", i);
      if (end == std::string_view::npos) fail("unterminated comment", i);
      i = end + 3;
      continue;
    }
    const bool closing = i + 1 < doc.size() && doc[i + 1] == '/';
    size_t k = i + (closing ? 2 : 1);
    const size_t name_start = k;
    while (k < doc.size() && (std::isalnum(static_cast<unsigned char>(doc[k])) || doc[k] == '-' ||
                              doc[k] == ':' || doc[k] == '_')) {
      ++k;
    }
    const std::string name(doc.substr(name_start, k - name_start));
    if (name.empty()) {
      fail("tag without a name", i);
      break;
    }
    if (closing) {
      while (k < doc.size() && std::isspace(static_cast<unsigned char>(doc[k]))) ++k;
      if (k >= doc.size() || doc[k] != '>') fail("malformed closing tag", i);
      if (stack.empty() || stack.back() != name) {
        fail("closing </" + name + "> does not match <" + (stack.empty() ? "" : stack.back()) + ">",
             i);
      } else {
        stack.pop_back();
      }
      i = k + 1;
      continue;
    }
    // Attributes: name="value" pairs.
    bool self_closing = false;
    for (;;) {
      while (k < doc.size() && std::isspace(static_cast<unsigned char>(doc[k]))) ++k;
      if (k >= doc.size()) {
        fail("unterminated tag", i);
        break;
      }
      if (doc[k] == '>') {
        ++k;
        break;
      }
      if (doc.substr(k, 2) == "/>") {
        self_closing = true;
        k += 2;
        break;
      }
      const size_t attr_start = k;
      while (k < doc.size() && doc[k] != '=' && doc[k] != '>' &&
             !std::isspace(static_cast<unsigned char>(doc[k]))) {
        ++k;
      }
      if (k == attr_start || k >= doc.size() || doc[k] != '=') {
        fail("attribute without a value", attr_start);
        break;
      }
      ++k;
      if (k >= doc.size() || (doc[k] != '"' && doc[k] != '\'')) {
        fail("unquoted attribute", k);
        break;
      }
      const char quote = doc[k++];
      const size_t value_end = doc.find(quote, k);
      if (value_end == std::string_view::npos) {
        fail("unterminated attribute value", k);
        break;
      }
      const std::string_view value = doc.substr(k, value_end - k);
      for (size_t v = 0; v < value.size(); ++v) {
        if (value[v] == '<') fail("'<' in attribute value", k + v);
        if (value[v] == '&' && !ValidEntityAt(value, v)) fail("bare '&' in attribute", k + v);
      }
      k = value_end + 1;
    }
    if (!r.ok) break;
    ++r.element_counts[name];
    if (stack.empty()) {
      if (++roots > 1) fail("more than one root element", i);
    }
    if (!self_closing) stack.push_back(name);
    i = k;
  }
  if (r.ok && !stack.empty()) fail("unclosed <" + stack.back() + ">", doc.size());
  if (r.ok && roots != 1) fail("no root element", 0);
  return r;
}

}  // namespace tourney::testing

#endif  // TOURNEY_TESTS_XML_CHECK_H_
