#include "ui/generation/DecodeAgainDialog.h"

#include "ui_DecodeAgainDialog.h"

#include <QDir>
#include <QEvent>
#include <QPushButton>

namespace {
constexpr int kSmallTileHeight = 160; // below the preset's usual 240x360: a failed decode needs less
constexpr int kSmallTileWidth = 240;
} // namespace

DecodeAgainDialog::DecodeAgainDialog(const QString& checkpointPath, int stepsCompleted, int stepCount, QWidget* parent)
    : QDialog(parent), m_ui(std::make_unique<Ui::DecodeAgainDialog>()), m_checkpointPath(checkpointPath),
      m_stepsCompleted(stepsCompleted), m_stepCount(stepCount)
{
    m_ui->setupUi(this);
    QPushButton* decode = m_ui->buttonBox->addButton(QString(), QDialogButtonBox::AcceptRole);
    decode->setObjectName(QStringLiteral("decodeButton"));
    decode->setDefault(true);
    connect(m_ui->buttonBox, &QDialogButtonBox::accepted, this, &QDialog::accept);
    connect(m_ui->buttonBox, &QDialogButtonBox::rejected, this, &QDialog::reject);
    connect(m_ui->tilingCheck, &QCheckBox::toggled, this, &DecodeAgainDialog::updateTileFields);
    framesmith::DecodeOptions start;
    start.tiling = true;
    start.tileHeight = kSmallTileHeight;
    start.tileWidth = kSmallTileWidth;
    setOptions(start);
    retranslate();
}

DecodeAgainDialog::~DecodeAgainDialog() = default;

framesmith::DecodeOptions DecodeAgainDialog::options() const
{
    framesmith::DecodeOptions o;
    o.tiling = m_ui->tilingCheck->isChecked();
    o.slicing = m_ui->slicingCheck->isChecked();
    o.tileHeight = m_ui->tileHeightSpin->value();
    o.tileWidth = m_ui->tileWidthSpin->value();
    return o;
}

void DecodeAgainDialog::setOptions(const framesmith::DecodeOptions& options)
{
    m_ui->tilingCheck->setChecked(options.tiling);
    m_ui->slicingCheck->setChecked(options.slicing);
    m_ui->tileHeightSpin->setValue(options.tileHeight);
    m_ui->tileWidthSpin->setValue(options.tileWidth);
    updateTileFields();
}

void DecodeAgainDialog::updateTileFields()
{
    const bool tiled = m_ui->tilingCheck->isChecked();
    m_ui->tileHeightSpin->setEnabled(tiled);
    m_ui->tileWidthSpin->setEnabled(tiled);
}

void DecodeAgainDialog::retranslate()
{
    const QString held = m_stepsCompleted < m_stepCount
                             ? tr("They hold %1 of %2 denoising steps: the clip will look unfinished.")
                                   .arg(m_stepsCompleted)
                                   .arg(m_stepCount)
                             : tr("They hold all %1 denoising steps.").arg(m_stepCount);
    m_ui->introLabel->setText(tr("Decode the kept latents again with other VAE settings; the denoising is not "
                                 "redone.\n%1\n%2")
                                  .arg(QDir::toNativeSeparators(m_checkpointPath), held));
    m_ui->tileHeightSpin->setSuffix(tr(" px"));
    m_ui->tileWidthSpin->setSuffix(tr(" px"));
    if (auto* decode = findChild<QPushButton*>(QStringLiteral("decodeButton")))
        decode->setText(tr("&Decode"));
}

void DecodeAgainDialog::changeEvent(QEvent* event)
{
    if (event->type() == QEvent::LanguageChange) {
        m_ui->retranslateUi(this);
        retranslate();
    }
    QDialog::changeEvent(event);
}
