#include "ui/queue/VariationsDialog.h"

#include <QDialogButtonBox>
#include <QEvent>
#include <QGridLayout>
#include <QLabel>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QRadioButton>
#include <QSpinBox>
#include <QVBoxLayout>

VariationsDialog::VariationsDialog(const framesmith::GenerationRequest& base, const QSet<std::uint64_t>& takenSeeds,
                                   QWidget* parent)
    : QDialog(parent), m_base(base), m_takenSeeds(takenSeeds), m_seedsRadio(new QRadioButton(this)), m_promptsRadio(new QRadioButton(this)),
      m_countSpin(new QSpinBox(this)), m_promptsEdit(new QPlainTextEdit(this)), m_summary(new QLabel(this))
{
    setObjectName(QStringLiteral("variationsDialog"));
    m_seedsRadio->setObjectName(QStringLiteral("seedsRadio"));
    m_promptsRadio->setObjectName(QStringLiteral("promptsRadio"));
    m_countSpin->setObjectName(QStringLiteral("countSpin"));
    m_promptsEdit->setObjectName(QStringLiteral("promptsEdit"));
    m_summary->setObjectName(QStringLiteral("summaryLabel"));
    m_countSpin->setRange(2, kMaxCount);
    m_countSpin->setValue(4);
    m_promptsEdit->setPlainText(QString::fromStdString(base.prompt));
    m_seedsRadio->setChecked(true);
    auto* buttons = new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Cancel, this);
    auto* layout = new QVBoxLayout(this);
    auto* grid = new QGridLayout;
    grid->addWidget(m_seedsRadio, 0, 0);
    grid->addWidget(m_countSpin, 0, 1);
    grid->addWidget(m_promptsRadio, 1, 0, 1, 2);
    layout->addLayout(grid);
    layout->addWidget(m_promptsEdit);
    layout->addWidget(m_summary);
    layout->addWidget(buttons);
    connect(buttons, &QDialogButtonBox::accepted, this, &QDialog::accept);
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    connect(m_seedsRadio, &QRadioButton::toggled, this, &VariationsDialog::updateSummary);
    connect(m_countSpin, qOverload<int>(&QSpinBox::valueChanged), this, &VariationsDialog::updateSummary);
    connect(m_promptsEdit, &QPlainTextEdit::textChanged, this, &VariationsDialog::updateSummary);
    retranslate();
}

QVector<framesmith::GenerationRequest> VariationsDialog::seedVariations(const framesmith::GenerationRequest& base,
                                                                        int count, const QSet<std::uint64_t>& takenSeeds)
{
    QVector<framesmith::GenerationRequest> requests;
    framesmith::GenerationRequest r = base;
    // Consecutive seeds, skipping those already queued: a variation never repeats a queued clip.
    // Unsigned: wraps, never overflows; the taken set is finite, so this ends.
    for (std::uint64_t seed = base.seed; requests.size() < count; ++seed) {
        if (takenSeeds.contains(seed))
            continue;
        r.seed = seed;
        requests.push_back(r);
    }
    return requests;
}

QVector<framesmith::GenerationRequest> VariationsDialog::promptVariations(const framesmith::GenerationRequest& base,
                                                                          const QString& lines)
{
    QVector<framesmith::GenerationRequest> requests;
    for (const QString& line : lines.split(QLatin1Char('\n'))) {
        if (line.trimmed().isEmpty() || requests.size() >= kMaxCount)
            continue;
        framesmith::GenerationRequest r = base;
        r.prompt = line.trimmed().toStdString();
        requests.push_back(r);
    }
    return requests;
}

QVector<framesmith::GenerationRequest> VariationsDialog::requests() const
{
    return m_seedsRadio->isChecked() ? seedVariations(m_base, m_countSpin->value(), m_takenSeeds)
                                     : promptVariations(m_base, m_promptsEdit->toPlainText());
}

void VariationsDialog::updateSummary()
{
    m_countSpin->setEnabled(m_seedsRadio->isChecked());
    m_promptsEdit->setEnabled(m_promptsRadio->isChecked());
    const int count = static_cast<int>(requests().size());
    m_summary->setText(tr("%n job(s) will be added to the queue.", nullptr, count));
    if (auto* buttons = findChild<QDialogButtonBox*>())
        buttons->button(QDialogButtonBox::Ok)->setEnabled(count > 0);
}

void VariationsDialog::retranslate()
{
    setWindowTitle(tr("Queue variations"));
    const auto first = seedVariations(m_base, 1, m_takenSeeds);
    m_seedsRadio->setText(tr("&Seeds: clips with consecutive seeds from %1, how many:").arg(first.front().seed));
    m_promptsRadio->setText(tr("&Prompts: one clip per line below (other settings as on the form)"));
    updateSummary();
}

void VariationsDialog::changeEvent(QEvent* event)
{
    if (event->type() == QEvent::LanguageChange)
        retranslate();
    QDialog::changeEvent(event);
}
