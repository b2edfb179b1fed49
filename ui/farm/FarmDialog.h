#pragma once
// "Send queue to farm…": where the waiting jobs go (partition, output folder on the cluster's
// shared storage, GPUs per job, extra sbatch arguments, the model folder as the nodes see it).
// OK is enabled once a partition and an existing output folder are given; the reason is shown
// otherwise. GUI thread.
#include "ui/farm/FarmSubmitOptions.h"

#include <QDialog>

class QDialogButtonBox;
class QLabel;
class QLineEdit;
class QSpinBox;

class FarmDialog : public QDialog {
    Q_OBJECT

public:
    FarmDialog(const FarmSubmitOptions& options, int jobCount, QWidget* parent = nullptr);
    FarmSubmitOptions options() const;

private:
    QLineEdit* addFolderRow(class QFormLayout* form, QLineEdit* edit, const QString& label, const char* buttonName);
    void validate();

    QLineEdit* m_partition;
    QLineEdit* m_output;
    QSpinBox* m_gpus;
    QLineEdit* m_sbatchArgs;
    QLineEdit* m_model;
    QLabel* m_problem;
    QDialogButtonBox* m_buttons;
};
