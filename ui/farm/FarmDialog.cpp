#include "ui/farm/FarmDialog.h"

#include <QDialogButtonBox>
#include <QDir>
#include <QFileDialog>
#include <QFileInfo>
#include <QFormLayout>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QRegularExpression>
#include <QSpinBox>
#include <QVBoxLayout>

FarmDialog::FarmDialog(const FarmSubmitOptions& options, int jobCount, QWidget* parent)
    : QDialog(parent), m_partition(new QLineEdit(options.partition, this)), m_output(new QLineEdit(options.outputFolder, this)),
      m_gpus(new QSpinBox(this)), m_sbatchArgs(new QLineEdit(options.sbatchArgs, this)),
      m_model(new QLineEdit(options.modelFolder, this)), m_problem(new QLabel(this)),
      m_buttons(new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Cancel, this))
{
    setObjectName(QStringLiteral("farmDialog"));
    setWindowTitle(tr("Send queue to farm"));
    m_partition->setObjectName(QStringLiteral("farmPartition"));
    m_output->setObjectName(QStringLiteral("farmOutputFolder"));
    m_gpus->setObjectName(QStringLiteral("farmGpusPerJob"));
    m_sbatchArgs->setObjectName(QStringLiteral("farmSbatchArgs"));
    m_model->setObjectName(QStringLiteral("farmModelFolder"));
    m_problem->setObjectName(QStringLiteral("farmProblem"));
    m_gpus->setRange(0, 64);
    m_gpus->setValue(options.gpusPerJob);
    m_gpus->setSpecialValueText(tr("None (CPU nodes)"));
    m_sbatchArgs->setPlaceholderText(tr("e.g. --qos=high --account=art"));
    m_model->setPlaceholderText(tr("Each job's own model folder"));
    m_problem->setWordWrap(true);

    auto* intro = new QLabel(tr("%n waiting job(s) will be submitted to Slurm as one job array, one task per job. "
                                "Each clip and its sidecar are written to the output folder.", nullptr, jobCount), this);
    intro->setWordWrap(true);
    auto* form = new QFormLayout;
    form->addRow(tr("&Partition:"), m_partition);
    addFolderRow(form, m_output, tr("&Output folder (shared storage):"), "farmOutputBrowse");
    form->addRow(tr("&GPUs per job:"), m_gpus);
    form->addRow(tr("&Extra sbatch arguments:"), m_sbatchArgs);
    addFolderRow(form, m_model, tr("&Model folder on the cluster:"), "farmModelBrowse");
    auto* layout = new QVBoxLayout(this);
    layout->addWidget(intro);
    layout->addLayout(form);
    layout->addWidget(m_problem);
    layout->addWidget(m_buttons);
    m_buttons->button(QDialogButtonBox::Ok)->setText(tr("&Submit"));
    connect(m_buttons, &QDialogButtonBox::accepted, this, &QDialog::accept);
    connect(m_buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    for (QLineEdit* edit : {m_partition, m_output, m_sbatchArgs, m_model})
        connect(edit, &QLineEdit::textChanged, this, &FarmDialog::validate);
    validate();
}

QLineEdit* FarmDialog::addFolderRow(QFormLayout* form, QLineEdit* edit, const QString& label, const char* buttonName)
{
    auto* browse = new QPushButton(tr("Browse…"), this);
    browse->setObjectName(QString::fromLatin1(buttonName));
    connect(browse, &QPushButton::clicked, this, [this, edit] {
        const QString folder = QFileDialog::getExistingDirectory(this, tr("Choose a folder"), edit->text());
        if (!folder.isEmpty())
            edit->setText(QDir::toNativeSeparators(folder));
    });
    auto* row = new QHBoxLayout;
    row->addWidget(edit, 1);
    row->addWidget(browse);
    // A label made by addRow(text, layout) has no buddy, and shows its '&' instead of a shortcut.
    auto* caption = new QLabel(label, this);
    caption->setBuddy(edit);
    form->addRow(caption, row);
    return edit;
}

FarmSubmitOptions FarmDialog::options() const
{
    FarmSubmitOptions o;
    o.partition = m_partition->text().trimmed();
    o.outputFolder = QDir::fromNativeSeparators(m_output->text().trimmed());
    o.gpusPerJob = m_gpus->value();
    o.sbatchArgs = m_sbatchArgs->text().trimmed();
    o.modelFolder = QDir::fromNativeSeparators(m_model->text().trimmed());
    return o;
}

void FarmDialog::validate()
{
    const FarmSubmitOptions o = options();
    QString problem;
    if (o.partition.isEmpty())
        problem = tr("Give the Slurm partition the jobs run in.");
    else if (o.partition.contains(QRegularExpression(QStringLiteral("[\\s#]"))))
        problem = tr("A partition name has no blanks or '#'.");
    else if (o.outputFolder.isEmpty() || !QFileInfo(o.outputFolder).isDir())
        problem = tr("Choose an existing output folder on storage the cluster's nodes share.");
    else if (o.outputFolder.contains(QRegularExpression(QStringLiteral("\\s"))))
        problem = tr("Slurm cannot write logs to a folder whose path has blanks: choose another.");
    else if (!o.modelFolder.isEmpty() && !QFileInfo(o.modelFolder).isDir())
        problem = tr("The model folder does not exist here; leave it empty to use each job's own.");
    else
        for (const QString& arg : o.sbatchArgList())
            if (!arg.startsWith(QLatin1Char('-')))
                problem = tr("\"%1\" is not an sbatch option: write each as --name=value.").arg(arg);
    m_problem->setText(problem);
    m_problem->setVisible(!problem.isEmpty());
    m_buttons->button(QDialogButtonBox::Ok)->setEnabled(problem.isEmpty());
}
