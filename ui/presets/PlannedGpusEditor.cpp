#include "ui/presets/PlannedGpusEditor.h"

#include <QHBoxLayout>
#include <QLabel>
#include <QSpinBox>

namespace {
constexpr qint64 kBytesPerGiB = qint64(1) << 30;
} // namespace

PlannedGpusEditor::PlannedGpusEditor(qint64 gpuBytes, QWidget* parent)
    : QWidget(parent), m_count(new QSpinBox(this)), m_size(new QSpinBox(this))
{
    m_count->setObjectName(QStringLiteral("plannedGpuCountSpin"));
    m_count->setRange(1, 8);
    m_count->setValue(2);
    m_count->setToolTip(tr("How many GPUs the forecast plans a multi-GPU preset for, where this computer has fewer than two"));
    m_size->setObjectName(QStringLiteral("plannedGpuSizeSpin"));
    m_size->setRange(1, 4096);
    m_size->setValue(int(std::max<qint64>(1, gpuBytes / kBytesPerGiB)));
    m_size->setSuffix(tr(" GiB"));
    m_size->setToolTip(tr("The memory of each planned GPU"));
    auto* row = new QHBoxLayout(this);
    row->setContentsMargins(0, 0, 0, 0);
    row->addWidget(m_count);
    row->addWidget(new QLabel(tr("GPUs of"), this));
    row->addWidget(m_size);
    row->addStretch(1);
    for (QSpinBox* spin : {m_count, m_size})
        connect(spin, &QSpinBox::valueChanged, this, &PlannedGpusEditor::changed);
}

int PlannedGpusEditor::count() const { return m_count->value(); }

qint64 PlannedGpusEditor::gpuBytes() const { return qint64(m_size->value()) * kBytesPerGiB; }

void PlannedGpusEditor::setCount(int count) { m_count->setValue(count); }
