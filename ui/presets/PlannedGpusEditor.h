#pragma once
// "Plan for [2] GPUs of [24 GiB]": the GPUs a forecast assumes when this machine has fewer than a
// preset uses (none, or one for a multi-GPU preset), so such a preset is planned for GPUs the user
// names instead of silently for one. Two spin boxes in a row; GUI thread.
#include <QWidget>

class QSpinBox;

class PlannedGpusEditor : public QWidget {
    Q_OBJECT

public:
    explicit PlannedGpusEditor(qint64 gpuBytes, QWidget* parent = nullptr);

    int count() const;
    qint64 gpuBytes() const;
    void setCount(int count);
    QSpinBox* countSpin() const { return m_count; }
    QSpinBox* sizeSpin() const { return m_size; }

Q_SIGNALS:
    void changed();

private:
    QSpinBox* m_count;
    QSpinBox* m_size; // GiB
};
