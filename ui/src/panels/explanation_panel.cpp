// SPDX-License-Identifier: GPL-3.0-or-later
#include "posenc_ui/panels/explanation_panel.h"

#include <QEvent>
#include <QHash>
#include <QLabel>
#include <QRegularExpression>
#include <QScrollArea>
#include <QStackedWidget>
#include <QVBoxLayout>
#include <cmath>
#include <mutex>
#include <utility>

#include "posenc/base/scheme.hpp"
#include "posenc_ui/formula/formula_widget.h"
#include "posenc_ui/io/lesson.h"

namespace posenc::ui {

namespace {

struct UiText {
  const char16_t* en;
  const char16_t* zh;
};

/// The panel's own words (the explanations themselves come from the JSON files).
const QHash<QString, UiText>& uiTexts() {
  static const QHash<QString, UiText> t = {
      {"what", {u"What it shows", u"这张图显示什么"}},
      {"formula", {u"Formula", u"公式"}},
      {"hover", {u"At the hovered cell", u"鼠标所指的单元格"}},
      {"hoverNone",
       {u"Hover over a cell of the picture to see the formula with its numbers.",
        u"把鼠标移到图中的某个单元格上，即可看到代入该单元格数值后的公式。"}},
      {"series",
       {u"This view is a chart: it has no cells to hover.",
        u"这是一张曲线图，没有可悬停的单元格。"}},
      {"masked",
       {u"Masked cell (row %1, column %2): this query does not attend to this key, so the cell "
        u"has no value to put in the formula.",
        u"被屏蔽的单元格（第 %1 行，第 %2 "
        u"列）：这个查询不关注这个键，单元格没有可代入公式的数值。"}},
      {"maskedWord", {u"masked", u"已屏蔽"}},
      {"cell", {u"Row %1, column %2:", u"第 %1 行，第 %2 列："}},
      {"notice", {u"What to notice", u"值得注意"}},
      {"page",
       {u"About %1: uses, strengths, limits, comparison \u2192",
        u"关于%1：应用、优点、局限与对比 \u2192"}},
      {"back", {u"\u2190 Back to the view", u"\u2190 返回视图"}},
      {"usedIn", {u"Where it is used", u"应用"}},
      {"strengths", {u"Strengths", u"优点"}},
      {"limits", {u"Limits", u"局限"}},
      {"added", {u"(added: not in the article's table)", u"（新增：原文表格中没有）"}},
      {"corrections",
       {u"Corrections and additions to the article's table", u"对原文表格的更正与补充"}},
      {"seedSaid", {u"Article", u"原文"}},
      {"ours", {u"Here", u"本应用"}},
      {"why", {u"Why", u"原因"}},
      {"basis", {u"Basis", u"依据"}},
      {"noteOnText", {u"note on the article's text", u"关于原文正文"}},
      {"colon", {u": ", u"："}},
      {"noExplanation",
       {u"No explanation for view \u201c%1\u201d of \u201c%2\u201d.", u"“%2”的视图“%1”暂无说明。"}},
  };
  return t;
}

const ComparisonTable* comparisonTable(QString* error) {
  static std::once_flag once;
  static ComparisonTable table;
  static QString loadError;
  std::call_once(once, [] {
    try {
      table = loadComparisonTable();
    } catch (const std::exception& e) {
      loadError = QString::fromUtf8(e.what());
    }
  });
  if (!loadError.isEmpty()) {
    if (error) *error = loadError;
    return nullptr;
  }
  return &table;
}

QLabel* textLabel(QWidget* parent) {
  auto* l = new QLabel(parent);
  l->setWordWrap(true);
  l->setTextFormat(Qt::RichText);
  l->setTextInteractionFlags(Qt::TextSelectableByMouse);
  l->setAlignment(Qt::AlignTop | Qt::AlignLeft);
  return l;
}

/// A label showing one link that wraps like text and works from the keyboard (Tab, Enter);
/// a flat button would not wrap and would widen the panel.
QLabel* linkLabel(QWidget* parent) {
  auto* l = textLabel(parent);
  l->setTextInteractionFlags(Qt::LinksAccessibleByMouse | Qt::LinksAccessibleByKeyboard);
  l->setFocusPolicy(Qt::StrongFocus);
  l->setContentsMargins(0, 6, 0, 6);
  return l;
}

QString link(const QString& text) {
  return QStringLiteral("<a href='#'>%1</a>").arg(text.toHtmlEscaped());
}

QString bulletList(const std::vector<ExplanationText>& items, const QString& language) {
  QString html = QStringLiteral("<ul style='margin-left:0; -qt-list-indent:1'>");
  for (const ExplanationText& t : items)
    html += QStringLiteral("<li style='margin-bottom:4px'>%1</li>")
                .arg(nestedScriptsAsCharacters(t.in(language)));
  return html + QStringLiteral("</ul>");
}

/// Plain text of rich text (for tests and screen readers).
QString plainOf(const QString& html) {
  QString s = html;
  s.replace(QRegularExpression(QStringLiteral("<br\\s*/?>|</li>|</p>|</tr>|</h\\d>")),
            QStringLiteral("\n"));
  s.replace(QRegularExpression(QStringLiteral("</td>|</th>")), QStringLiteral("\t"));
  s.remove(QRegularExpression(QStringLiteral("<[^>]*>")));
  s.replace(QStringLiteral("&lt;"), QStringLiteral("<"));
  s.replace(QStringLiteral("&gt;"), QStringLiteral(">"));
  s.replace(QStringLiteral("&amp;"), QStringLiteral("&"));
  s.replace(QStringLiteral("&nbsp;"), QStringLiteral(" "));
  return s;
}

/// `html` with places to break long words (a zero-width space in the text, never inside a
/// tag): after '/' and '_' (paths, URLs, identifiers such as max_position_embeddings) and
/// before each capital of a long CamelCase word (RelPartialLearnableMultiHeadAttn), so a
/// narrow dock wraps them instead of growing wider than the screen leaves it.
QString softBreaks(const QString& html) {
  constexpr QChar kBreak(0x200B);
  QString out;
  out.reserve(html.size() + html.size() / 16);
  bool inTag = false;
  int word = 0;  // letters since the last space, in the text
  for (const QChar c : html) {
    if (c == QLatin1Char('<')) inTag = true;
    if (!inTag && c.isUpper() && word >= 12 && !out.isEmpty() && out.back().isLower())
      out += kBreak;
    out += c;
    if (c == QLatin1Char('>')) {
      inTag = false;
      continue;
    }
    if (inTag) continue;
    word = c.isSpace() ? 0 : word + 1;
    if (c == QLatin1Char('/') || c == QLatin1Char('_')) out += kBreak;
  }
  return out;
}

QFont scaled(const QFont& base, double factor, bool bold = false) {
  QFont f = base;
  if (f.pointSizeF() > 0) f.setPointSizeF(f.pointSizeF() * factor);
  else if (f.pixelSize() > 0)
    f.setPixelSize(std::max(1, static_cast<int>(std::lround(f.pixelSize() * factor))));
  f.setBold(bold);
  return f;
}

}  // namespace

ExplanationPanel::ExplanationPanel(QWidget* parent) : QWidget(parent) {
  m_stack = new QStackedWidget(this);
  auto* outer = new QVBoxLayout(this);
  outer->setContentsMargins(0, 0, 0, 0);
  outer->addWidget(m_stack);

  // View page.
  auto* viewScroll = new QScrollArea(m_stack);
  viewScroll->setWidgetResizable(true);
  viewScroll->setFrameShape(QFrame::NoFrame);
  auto* view = new QWidget(viewScroll);
  auto* v = new QVBoxLayout(view);
  m_title = textLabel(view);
  m_whatHeader = textLabel(view);
  m_what = textLabel(view);
  m_formulaHeader = textLabel(view);
  m_formula = new FormulaWidget(view);
  m_hoverHeader = textLabel(view);
  m_hoverNote = textLabel(view);
  m_substituted = new FormulaWidget(view);
  m_noticeHeader = textLabel(view);
  m_notice = textLabel(view);
  m_pageLink = linkLabel(view);
  v->addWidget(m_title);
  v->addWidget(m_whatHeader);
  v->addWidget(m_what);
  v->addSpacing(4);
  v->addWidget(m_formulaHeader);
  v->addWidget(m_formula);
  v->addSpacing(4);
  v->addWidget(m_hoverHeader);
  v->addWidget(m_hoverNote);
  v->addWidget(m_substituted);
  v->addSpacing(4);
  v->addWidget(m_noticeHeader);
  v->addWidget(m_notice);
  v->addWidget(m_pageLink);
  v->addStretch(1);
  viewScroll->setWidget(view);
  m_stack->addWidget(viewScroll);

  // Scheme page.
  auto* pageScroll = new QScrollArea(m_stack);
  pageScroll->setWidgetResizable(true);
  pageScroll->setFrameShape(QFrame::NoFrame);
  auto* page = new QWidget(pageScroll);
  auto* p = new QVBoxLayout(page);
  p->setContentsMargins(4, 4, 4, 4);  // a 260 px dock on a 1024 x 768 screen needs every pixel
  m_backLink = linkLabel(page);
  m_page = textLabel(page);
  p->addWidget(m_backLink);
  p->addWidget(m_page);
  p->addStretch(1);
  pageScroll->setWidget(page);
  m_stack->addWidget(pageScroll);

  connect(m_pageLink, &QLabel::linkActivated, this, &ExplanationPanel::showSchemePage);
  connect(m_backLink, &QLabel::linkActivated, this, &ExplanationPanel::showViewPage);
  applyFonts();
  rebuild();
}

ExplanationPanel::~ExplanationPanel() = default;

QString ExplanationPanel::ui(const char* key) const {
  const UiText t = uiTexts().value(QString::fromLatin1(key), UiText{u"", u""});
  return QString::fromUtf16(m_language == u"zh_CN" ? t.zh : t.en);
}

void ExplanationPanel::setView(const QString& schemeId, const QString& viewId) {
  if (schemeId != m_schemeId || !m_haveScheme) {
    m_schemeId = schemeId;
    m_haveScheme = false;
    m_error.clear();
    try {
      m_scheme = loadSchemeExplanation(schemeId);
      m_haveScheme = true;
    } catch (const std::exception& e) {
      m_error = QString::fromUtf8(e.what());
    }
    m_params = posenc::ParamSet{};
    try {
      m_params = posenc::ParamSet(posenc::findScheme(schemeId.toStdString()).info().params);
    } catch (const std::exception&) {
      // Unknown to the core: no variant matches; the file's defaults are shown.
    }
  }
  m_viewId = viewId;
  m_hovered = false;
  m_terms.clear();
  showViewPage();
  rebuild();
}

void ExplanationPanel::setParams(const posenc::ParamSet& params) {
  m_params = params;
  rebuild();
}

void ExplanationPanel::setHoveredCell(posenc::Index row, posenc::Index col, double value,
                                      std::vector<posenc::Term> terms) {
  m_hovered = true;
  m_row = row;
  m_col = col;
  m_value = value;
  m_terms = std::move(terms);
  rebuildHover();
}

void ExplanationPanel::clearHover() {
  m_hovered = false;
  m_terms.clear();
  rebuildHover();
}

void ExplanationPanel::setLanguage(const QString& language) {
  const QString id = language == u"zh_CN" ? language : QStringLiteral("en");
  if (id == m_language) return;
  m_language = id;
  rebuild();
}

void ExplanationPanel::setScale(double scale) {
  if (!(scale > 0) || scale == m_scale) return;
  m_scale = scale;
  applyFonts();
}

void ExplanationPanel::showSchemePage() {
  rebuildSchemePage();
  m_stack->setCurrentIndex(1);
}

void ExplanationPanel::showViewPage() { m_stack->setCurrentIndex(0); }

bool ExplanationPanel::isSchemePageShown() const { return m_stack->currentIndex() == 1; }

QString ExplanationPanel::whatText() const { return plainOf(m_what->text()); }
QString ExplanationPanel::shownHtml() const { return m_what->text() + m_notice->text(); }
QString ExplanationPanel::formulaSource() const { return m_formula->formula(); }
QString ExplanationPanel::substitutedSource() const {
  return m_substituted->isVisibleTo(this) ? m_substituted->formula() : QString();
}

QStringList ExplanationPanel::noticeTexts() const {
  QStringList out;
  if (const ViewExplanation* v = m_haveScheme ? m_scheme.view(m_viewId) : nullptr)
    for (const ExplanationText& t : noticeOf(*v)) out << plainOf(t.in(m_language));
  return out;
}

bool ExplanationPanel::drawsTrainedData() const {
  // The core's description says which views draw stand-ins and what replaces them; the
  // panel asks it rather than knowing a scheme (a trained table, not GPT-2's alone).
  try {
    const posenc::Scheme& scheme = posenc::findScheme(m_schemeId.toStdString());
    const std::string view = m_viewId.toStdString();
    for (const posenc::ViewSpec& spec : scheme.info().views)
      if (spec.id == view)
        return spec.randomStandIns && !spec.standInsUnless.empty() &&
               !posenc::standInSeed(scheme, m_params, view);
  } catch (const std::exception&) {
    // Parameters of another scheme, or none yet: the files' default texts.
  }
  return false;
}

const ExplanationText& ExplanationPanel::whatOf(const ViewExplanation& v) const {
  return !v.trainedWhat.isEmpty() && drawsTrainedData() ? v.trainedWhat : v.what;
}

const std::vector<ExplanationText>& ExplanationPanel::noticeOf(const ViewExplanation& v) const {
  return !v.trainedNotice.empty() && drawsTrainedData() ? v.trainedNotice : v.notice;
}

QString ExplanationPanel::schemePageText() const { return plainOf(m_page->text()); }

void ExplanationPanel::changeEvent(QEvent* event) {
  if (event->type() == QEvent::FontChange && !m_applyingFonts) applyFonts();
  QWidget::changeEvent(event);
}

void ExplanationPanel::applyFonts() {
  m_applyingFonts = true;
  const QFont base = scaled(font(), m_scale);
  m_title->setFont(scaled(base, 1.3, true));
  for (QLabel* h : {m_whatHeader, m_formulaHeader, m_hoverHeader, m_noticeHeader})
    h->setFont(scaled(base, 1.05, true));
  for (QLabel* l : {m_what, m_hoverNote, m_notice, m_page}) l->setFont(base);
  m_pageLink->setFont(base);
  m_backLink->setFont(base);
  m_formula->setFont(scaled(base, 1.4));
  m_substituted->setFont(scaled(base, 1.25));
  m_applyingFonts = false;
}

void ExplanationPanel::rebuild() {
  m_whatHeader->setText(ui("what"));
  m_formulaHeader->setText(ui("formula"));
  m_hoverHeader->setText(ui("hover"));
  m_noticeHeader->setText(ui("notice"));
  m_backLink->setText(link(ui("back")));
  const ViewExplanation* v = m_haveScheme ? m_scheme.view(m_viewId) : nullptr;
  const bool have = v != nullptr;
  for (QWidget* w : std::initializer_list<QWidget*>{m_whatHeader, m_formulaHeader, m_formula,
                                                    m_noticeHeader, m_notice, m_hoverHeader})
    w->setVisible(have);
  m_pageLink->setVisible(m_haveScheme);
  if (m_haveScheme) m_pageLink->setText(link(ui("page").arg(m_scheme.page.name.in(m_language))));
  if (!have) {
    m_title->setText(m_schemeId.isEmpty() ? QString() : m_scheme.page.name.in(m_language));
    QString message = m_error;
    if (message.isEmpty() && !m_schemeId.isEmpty())
      message = ui("noExplanation").arg(m_viewId, m_schemeId);
    m_what->setText(message.toHtmlEscaped());
    m_formula->setFormula(QString());
    m_notice->clear();
    m_hoverNote->hide();
    m_substituted->hide();
    if (isSchemePageShown()) rebuildSchemePage();
    return;
  }
  m_title->setText(
      QStringLiteral("<span style='font-weight:normal; font-size:small'>%1</span><br/>%2")
          .arg(m_scheme.page.name.in(m_language).toHtmlEscaped(), v->title.in(m_language)));
  // Qt's rich text draws one level of scripts (θ<sub>k</sub> in an exponent is written θₖ).
  m_what->setText(nestedScriptsAsCharacters(whatOf(*v).in(m_language)));
  m_formula->setFormula(v->formulaFor(m_params).in(m_language));
  m_notice->setText(bulletList(noticeOf(*v), m_language));
  rebuildHover();
  if (isSchemePageShown()) rebuildSchemePage();
}

void ExplanationPanel::rebuildHover() {
  const ViewExplanation* v = m_haveScheme ? m_scheme.view(m_viewId) : nullptr;
  if (!v) return;
  const QString tmpl = v->substitutedFor(m_params).in(m_language);
  m_hoverNote->show();
  if (tmpl.isEmpty()) {
    m_hoverNote->setText(ui("series"));
    m_substituted->hide();
    return;
  }
  if (!m_hovered) {
    m_hoverNote->setText(ui("hoverNone"));
    m_substituted->hide();
    return;
  }
  if (std::isnan(m_value)) {
    m_hoverNote->setText(ui("masked").arg(m_row).arg(m_col));
    m_substituted->hide();
    return;
  }
  m_hoverNote->setText(ui("cell").arg(m_row).arg(m_col));
  m_substituted->setFormula(substitute(tmpl, m_row, m_col, m_value, m_terms, ui("maskedWord")));
  m_substituted->show();
}

void ExplanationPanel::rebuildSchemePage() {
  if (!m_haveScheme) {
    m_page->setText(m_error.toHtmlEscaped());
    return;
  }
  const QString& lang = m_language;
  const SchemePage& sp = m_scheme.page;
  QString html;
  html += QStringLiteral("<h2>%1</h2><p>%2</p>").arg(sp.name.in(lang), sp.summary.in(lang));
  html += QStringLiteral("<h3>%1</h3><p>%2</p>").arg(ui("usedIn"), sp.usedIn.in(lang));
  html += QStringLiteral("<h3>%1</h3>%2").arg(ui("strengths"), bulletList(sp.strengths, lang));
  html += QStringLiteral("<h3>%1</h3>%2").arg(ui("limits"), bulletList(sp.limits, lang));
  QString error;
  if (const ComparisonTable* t = comparisonTable(&error)) {
    html +=
        QStringLiteral("<h3>%1</h3><p><i>%2</i></p>").arg(t->title.in(lang), t->source.in(lang));
    // One card per scheme (its columns as "title: value" lines) rather than a table as wide
    // as all the columns: the page wraps to the dock's width, however narrow (a 1024 x 768
    // projector) or wide, and the current scheme's card comes first, highlighted.
    std::vector<const ComparisonTable::Row*> rows;
    for (const ComparisonTable::Row& r : t->rows)
      if (r.scheme == m_schemeId) rows.insert(rows.begin(), &r);
      else rows.push_back(&r);
    for (const ComparisonTable::Row* r : rows) {
      const bool current = r->scheme == m_schemeId;
      html += QStringLiteral(
                  "<table width='100%' cellspacing='0' cellpadding='6' "
                  "style='margin-bottom:6px; border:1px solid #888'%1><tr><td>")
                  .arg(current ? QStringLiteral(" bgcolor='#fff1d6'") : QString());
      html += QStringLiteral("<b>") + r->name.in(lang) + QStringLiteral("</b>");
      if (!r->inSeed) html += QStringLiteral(" <small>%1</small>").arg(ui("added"));
      for (const ComparisonTable::Column& c : t->columns) {
        QString cell = r->cells.at(c.id).in(lang);
        const std::vector<int> marks = t->correctionsOf(r->scheme, c.id);
        for (int m : marks) cell += QStringLiteral("<sup><b>[%1]</b></sup>").arg(m);
        if (!marks.empty())
          cell = QStringLiteral("<span style='background-color:#e4efff'>%1</span>").arg(cell);
        html += QStringLiteral("<br/><i>") + c.title.in(lang) + ui("colon") +
                QStringLiteral("</i>") + cell;
      }
      html += QStringLiteral("</td></tr></table>");
    }
    html += QStringLiteral("<h3>%1</h3><ol>").arg(ui("corrections"));
    for (const ComparisonTable::Correction& k : t->corrections) {
      QString where = k.scheme;
      for (const ComparisonTable::Row& r : t->rows)
        if (r.scheme == k.scheme) where = r.name.in(lang);
      QString column = ui("noteOnText");
      for (const ComparisonTable::Column& c : t->columns)
        if (c.id == k.column) column = c.title.in(lang);
      const bool current = k.scheme == m_schemeId;
      // Concatenated, not arg()-chained: the texts may contain '%'.
      html += QStringLiteral("<li style='margin-bottom:6px'>");
      html += current ? QStringLiteral("<b>") : QString();
      html += where.toHtmlEscaped() + QStringLiteral(" \u2014 ") + column;
      html += current ? QStringLiteral("</b>") : QString();
      const QString colon = ui("colon");
      html += QStringLiteral("<br/><b>") + ui("seedSaid") + colon + QStringLiteral("</b>") +
              k.seed.in(lang);
      html += QStringLiteral("<br/><b>") + ui("ours") + colon + QStringLiteral("</b>") +
              k.ours.in(lang);
      html += QStringLiteral("<br/>") + ui("why") + colon + k.why.in(lang);
      if (!k.basis.isEmpty())
        html += QStringLiteral("<br/><small>") + ui("basis") + colon + k.basis.toHtmlEscaped() +
                QStringLiteral("</small>");
      html += QStringLiteral("</li>");
    }
    html += QStringLiteral("</ol>");
  } else {
    html += QStringLiteral("<p>%1</p>").arg(error.toHtmlEscaped());
  }
  m_page->setText(softBreaks(html));
}

}  // namespace posenc::ui
