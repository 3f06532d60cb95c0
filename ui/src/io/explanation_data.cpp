// SPDX-License-Identifier: GPL-3.0-or-later
#include "posenc_ui/io/explanation_data.h"
#include "posenc_ui/common/qt_string.h"

#include <QJsonArray>
#include <QJsonObject>
#include <QJsonValue>
#include <QRegularExpression>
#include <cmath>
#include <cstdio>
#include <mutex>
#include <utility>

// The explanations are in resources/posenc.qrc, compiled into the static posenc_ui library;
// registering them from here keeps the linker from dropping them when nothing else does
// (Qt ignores a second registration of the same data). Must be at global scope.
static void initExplanationResources() { Q_INIT_RESOURCE(posenc); }

namespace posenc::ui {

namespace {

void ensureExplanationResources() {
  static std::once_flag once;
  std::call_once(once, [] { initExplanationResources(); });
}

const JsonFormat& schemeFormat() {
  static const JsonFormat format{QStringLiteral("explanation"),
                                 {QStringLiteral("posenc-explanations")},
                                 1,
                                 QStringLiteral("explanation version"),
                                 kMaxExplanationBytes,
                                 {{QStringLiteral("posenc-comparison"),
                                   QStringLiteral("read it as the comparison table")}}};
  return format;
}

const JsonFormat& comparisonFormat() {
  static const JsonFormat format{QStringLiteral("comparison table"),
                                 {QStringLiteral("posenc-comparison")},
                                 1,
                                 QStringLiteral("comparison version"),
                                 kMaxExplanationBytes,
                                 {{QStringLiteral("posenc-explanations"),
                                   QStringLiteral("read it as a scheme's explanations")}}};
  return format;
}

/// {"en": ..., "zh_CN": ...}, or one string for both languages.
ExplanationText localized(const QJsonValue& v, const QString& where, bool required = true) {
  ExplanationText t;
  if (v.isUndefined() || v.isNull()) {
    if (required) refuse(where, QStringLiteral("missing (an object {\"en\", \"zh_CN\"})"));
    return t;
  }
  if (v.isString()) {
    t.en = t.zhCN = v.toString();
  } else if (v.isObject()) {
    const QJsonObject o = v.toObject();
    for (auto it = o.begin(); it != o.end(); ++it) {
      if (it.key() != u"en" && it.key() != u"zh_CN")
        refuse(where, QStringLiteral("unknown language '%1' (allowed: en, zh_CN)")
                          .arg(shownKey(it.key())));
      if (!it.value().isString()) refuse(keyPath(where, it.key()), QStringLiteral("not a string"));
    }
    t.en = o.value(QStringLiteral("en")).toString();
    t.zhCN = o.value(QStringLiteral("zh_CN")).toString();
  } else {
    refuse(where, QStringLiteral("not a string or an object {\"en\", \"zh_CN\"}"));
  }
  if (required && t.en.isEmpty()) refuse(where, QStringLiteral("empty English text"));
  return t;
}

std::vector<ExplanationText> localizedList(const QJsonValue& v, const QString& where) {
  std::vector<ExplanationText> out;
  const QJsonArray a = arrayAt(v, where);
  for (qsizetype i = 0; i < a.size(); ++i) out.push_back(localized(a[i], indexPath(where, i)));
  return out;
}

/// Field `key` of `o` as a text, named "AT.KEY" in messages.
ExplanationText text(const QJsonObject& o, const char* key, const QString& at,
                     bool required = true) {
  return localized(o.value(QLatin1String(key)), keyPath(at, QLatin1String(key)), required);
}

std::vector<ExplanationText> texts(const QJsonObject& o, const char* key, const QString& at) {
  return localizedList(o.value(QLatin1String(key)), keyPath(at, QLatin1String(key)));
}

/// An optional string field: its text, or `fallback` when absent.
QString optionalString(const QJsonObject& o, const char* key, const QString& at,
                       const QString& fallback = QString()) {
  const QString k = QLatin1String(key);
  return o.contains(k) ? stringAt(o.value(k), keyPath(at, k)) : fallback;
}

/// Reads a document of `format` and hands its root to `read`; any refusal names `origin`.
template <typename Read>
auto readDocument(const QByteArray& json, const QString& origin, const JsonFormat& format,
                  Read read) {
  try {
    return read(readJsonDocument(json, format).root);
  } catch (const ReadError& e) {
    throw e.inFile(origin);
  }
}

SchemePage readPage(const QJsonValue& value) {
  const QString at = QStringLiteral("page");
  const QJsonObject page = objectAt(value, at);
  SchemePage p;
  p.name = text(page, "name", at);
  p.summary = text(page, "summary", at);
  p.usedIn = text(page, "used_in", at);
  p.strengths = texts(page, "strengths", at);
  p.limits = texts(page, "limits", at);
  return p;
}

/// "when": {"param": "value" or ["value", ...], ...}, at least one parameter.
std::map<QString, QStringList> readWhen(const QJsonObject& variant, const QString& at) {
  const QString whenAt = keyPath(at, QStringLiteral("when"));
  const QJsonValue value = variant.value(QStringLiteral("when"));
  const QJsonObject when = value.isUndefined() ? QJsonObject() : objectAt(value, whenAt);
  if (when.isEmpty()) refuse(whenAt, QStringLiteral("missing"));
  std::map<QString, QStringList> out;
  for (auto w = when.begin(); w != when.end(); ++w) {
    const QString valueAt = keyPath(whenAt, w.key());
    QStringList values;
    if (w.value().isString()) {
      values << w.value().toString();
    } else if (w.value().isArray()) {
      const QJsonArray list = w.value().toArray();
      for (qsizetype i = 0; i < list.size(); ++i)
        values << stringAt(list[i], indexPath(valueAt, i));
    } else {
      refuse(valueAt, QStringLiteral("not a string or an array of strings"));
    }
    out[w.key()] = values;
  }
  return out;
}

FormulaVariant readVariant(const QJsonValue& value, const QString& at) {
  const QJsonObject vv = objectAt(value, at);
  FormulaVariant fv;
  fv.when = readWhen(vv, at);
  fv.formula = text(vv, "formula", at, false);
  fv.substituted = text(vv, "substituted", at, false);
  if (fv.formula.isEmpty() && fv.substituted.isEmpty())
    refuse(at, QStringLiteral("neither formula nor substituted"));
  return fv;
}

ViewExplanation readView(const QString& viewId, const QJsonValue& value, const QString& at) {
  const QJsonObject v = objectAt(value, at);
  ViewExplanation e;
  e.viewId = viewId;
  e.title = text(v, "title", at);
  e.what = text(v, "what", at);
  e.formula = text(v, "formula", at);
  e.substituted = text(v, "substituted", at, false);
  e.notice = texts(v, "notice", at);
  if (v.contains(QStringLiteral("trained"))) {
    const QString trainedAt = keyPath(at, QStringLiteral("trained"));
    const QJsonObject trained = objectAt(v.value(QStringLiteral("trained")), trainedAt);
    e.trainedWhat = text(trained, "what", trainedAt);
    if (trained.contains(QStringLiteral("notice")))
      e.trainedNotice = texts(trained, "notice", trainedAt);
  }
  if (v.contains(QStringLiteral("variants"))) {
    const QString variantsAt = keyPath(at, QStringLiteral("variants"));
    const QJsonArray variants = arrayAt(v.value(QStringLiteral("variants")), variantsAt);
    for (qsizetype i = 0; i < variants.size(); ++i)
      e.variants.push_back(readVariant(variants[i], indexPath(variantsAt, i)));
  }
  return e;
}

SchemeExplanation readScheme(const QJsonObject& o) {
  SchemeExplanation s;
  s.schemeId = stringAt(o.value(QStringLiteral("scheme")), QStringLiteral("scheme"));
  if (s.schemeId.isEmpty()) refuse(QStringLiteral("scheme"), QStringLiteral("missing"));
  s.page = readPage(o.value(QStringLiteral("page")));
  const QString at = QStringLiteral("views");
  const QJsonObject views = objectAt(o.value(at), at);
  for (auto it = views.begin(); it != views.end(); ++it)
    s.views.emplace(it.key(), readView(it.key(), it.value(), keyPath(at, it.key())));
  return s;
}

ComparisonTable::Column readColumn(const QJsonValue& value, const QString& at) {
  const QJsonObject c = objectAt(value, at);
  ComparisonTable::Column col;
  col.id = optionalString(c, "id", at);
  if (col.id.isEmpty()) refuse(keyPath(at, QStringLiteral("id")), QStringLiteral("missing"));
  col.title = text(c, "title", at);
  return col;
}

ComparisonTable::Row readRow(const QJsonValue& value, const QString& at,
                             const std::vector<ComparisonTable::Column>& columns) {
  const QJsonObject r = objectAt(value, at);
  ComparisonTable::Row row;
  row.scheme = stringAt(r.value(QStringLiteral("scheme")), keyPath(at, QStringLiteral("scheme")));
  row.name = text(r, "name", at);
  const QString inSeedAt = keyPath(at, QStringLiteral("in_seed"));
  const QJsonValue inSeed = r.value(QStringLiteral("in_seed"));
  row.inSeed = inSeed.isUndefined() || boolAt(inSeed, inSeedAt);
  const QString cellsAt = keyPath(at, QStringLiteral("cells"));
  const QJsonObject cells = objectAt(r.value(QStringLiteral("cells")), cellsAt);
  for (const ComparisonTable::Column& c : columns)
    row.cells[c.id] = localized(cells.value(c.id), keyPath(cellsAt, c.id));
  return row;
}

ComparisonTable::Correction readCorrection(const QJsonValue& value, const QString& at) {
  const QJsonObject c = objectAt(value, at);
  ComparisonTable::Correction k;
  k.scheme = stringAt(c.value(QStringLiteral("scheme")), keyPath(at, QStringLiteral("scheme")));
  k.column = optionalString(c, "column", at);
  k.seed = text(c, "seed", at);
  k.ours = text(c, "ours", at);
  k.why = text(c, "why", at);
  k.basis = optionalString(c, "basis", at);
  return k;
}

/// Each element of array `key` of `o`, read by `read(element, "KEY[i]")`.
template <typename Read>
void forEachElement(const QJsonObject& o, const QString& key, Read read) {
  const QJsonArray list = arrayAt(o.value(key), key);
  for (qsizetype i = 0; i < list.size(); ++i) read(list[i], indexPath(key, i));
}

ComparisonTable readComparison(const QJsonObject& o) {
  ComparisonTable t;
  t.title = text(o, "title", QString());
  t.source = text(o, "source", QString());
  forEachElement(o, QStringLiteral("columns"), [&](const QJsonValue& v, const QString& at) {
    t.columns.push_back(readColumn(v, at));
  });
  if (t.columns.empty()) refuse(QStringLiteral("columns"), QStringLiteral("none"));
  forEachElement(o, QStringLiteral("rows"), [&](const QJsonValue& v, const QString& at) {
    t.rows.push_back(readRow(v, at, t.columns));
  });
  forEachElement(o, QStringLiteral("corrections"), [&](const QJsonValue& v, const QString& at) {
    t.corrections.push_back(readCorrection(v, at));
  });
  return t;
}

}  // namespace

QString ExplanationText::in(const QString& language) const {
  if (language == u"zh_CN" && !zhCN.isEmpty()) return zhCN;
  return en;
}

bool FormulaVariant::matches(const posenc::ParamSet& params) const {
  for (const auto& [id, values] : when) {
    const std::string key = id.toStdString();
    if (!params.has(key)) return false;
    if (!values.contains(qs(posenc::formatValue(params.get(key))))) return false;
  }
  return true;
}

const ExplanationText& ViewExplanation::formulaFor(const posenc::ParamSet& params) const {
  for (const FormulaVariant& v : variants)
    if (v.matches(params) && !v.formula.isEmpty()) return v.formula;
  return formula;
}

const ExplanationText& ViewExplanation::substitutedFor(const posenc::ParamSet& params) const {
  for (const FormulaVariant& v : variants)
    if (v.matches(params) && !v.substituted.isEmpty()) return v.substituted;
  return substituted;
}

const ViewExplanation* SchemeExplanation::view(const QString& viewId) const {
  const auto it = views.find(viewId);
  return it == views.end() ? nullptr : &it->second;
}

std::vector<int> ComparisonTable::correctionsOf(const QString& scheme,
                                                const QString& column) const {
  std::vector<int> out;
  for (std::size_t i = 0; i < corrections.size(); ++i)
    if (corrections[i].scheme == scheme && corrections[i].column == column)
      out.push_back(static_cast<int>(i) + 1);
  return out;
}

SchemeExplanation parseSchemeExplanation(const QByteArray& json, const QString& origin) {
  return readDocument(json, origin, schemeFormat(), readScheme);
}

SchemeExplanation loadSchemeExplanation(const QString& schemeId) {
  ensureExplanationResources();
  const QString path = QStringLiteral(":/explanations/%1.json").arg(schemeId);
  SchemeExplanation s = parseSchemeExplanation(readJsonFileBytes(path, schemeFormat()), path);
  if (s.schemeId != schemeId)
    throw ReadError(path, QStringLiteral("scheme"),
                    QStringLiteral("is '%1', expected '%2'").arg(s.schemeId, schemeId));
  return s;
}

ComparisonTable parseComparisonTable(const QByteArray& json, const QString& origin) {
  return readDocument(json, origin, comparisonFormat(), readComparison);
}

ComparisonTable loadComparisonTable() {
  ensureExplanationResources();
  const QString path = QStringLiteral(":/explanations/comparison.json");
  return parseComparisonTable(readJsonFileBytes(path, comparisonFormat()), path);
}

// ------------------------------------------------------------------------------------------
// Substitution
// ------------------------------------------------------------------------------------------

QString formulaNumber(double value, const QString& masked) {
  if (std::isnan(value)) return QStringLiteral("\\hl{\\text{%1}}").arg(masked);
  if (std::isinf(value))
    return value > 0 ? QStringLiteral("\\hl{\\infty}") : QStringLiteral("\\hl{-\\infty}");
  if (value == std::trunc(value) && std::fabs(value) < 1e15) {
    char buf[32];
    std::snprintf(buf, sizeof buf, "%.0f", value == 0 ? 0.0 : value);  // no "-0"
    return QStringLiteral("\\hl{%1}").arg(QString::fromLatin1(buf));
  }
  char buf[40];
  std::snprintf(buf, sizeof buf, "%.6g", value);
  QString text = QString::fromLatin1(buf);
  const qsizetype e = text.indexOf(u'e');
  if (e >= 0) {
    const int exponent = text.mid(e + 1).toInt();
    text = text.left(e) + QStringLiteral("\\times10^{%1}").arg(exponent);
  }
  return QStringLiteral("\\hl{%1}").arg(text);
}

namespace {

const QRegularExpression& placeholderPattern() {
  static const QRegularExpression re(QStringLiteral("\\{(row|col|value|term:(-?\\d+))\\}"));
  return re;
}

/// Whether a negative number placed after `before` needs parentheses ("a + (-3)").
bool needsParentheses(const QString& before) {
  const QString t = before.trimmed();
  if (t.isEmpty()) return false;
  const QChar last = t.back();
  if (last == u'+' || last == u'-' || last == u'*' || last == u'^') return true;
  return t.endsWith(QStringLiteral("\\cdot")) || t.endsWith(QStringLiteral("\\times"));
}

}  // namespace

std::vector<int> termPlaceholders(const QString& formula) {
  std::vector<int> out;
  auto it = placeholderPattern().globalMatch(formula);
  while (it.hasNext()) {
    const QRegularExpressionMatch m = it.next();
    if (m.captured(1).startsWith(u't')) out.push_back(m.captured(2).toInt());
  }
  return out;
}

QString substitute(const QString& formula, posenc::Index row, posenc::Index col, double value,
                   const std::vector<posenc::Term>& terms, const QString& masked) {
  QString out;
  qsizetype last = 0;
  auto it = placeholderPattern().globalMatch(formula);
  while (it.hasNext()) {
    const QRegularExpressionMatch m = it.next();
    out += formula.mid(last, m.capturedStart() - last);
    last = m.capturedEnd();
    const QString name = m.captured(1);
    double v = 0;
    bool known = true;
    if (name == u"row") {
      v = static_cast<double>(row);
    } else if (name == u"col") {
      v = static_cast<double>(col);
    } else if (name == u"value") {
      v = value;
    } else {
      const int n = m.captured(2).toInt();
      const auto size = static_cast<int>(terms.size());
      const int index = n < 0 ? size + n : n;
      known = index >= 0 && index < size;
      if (known) v = terms[static_cast<std::size_t>(index)].value;
    }
    if (!known) {
      out += QStringLiteral("\\hl{?}");
      continue;
    }
    const QString number = formulaNumber(v, masked);
    if (v < 0 && needsParentheses(out)) out += u'(' + number + u')';
    else out += number;
  }
  out += formula.mid(last);
  return out;
}

}  // namespace posenc::ui
