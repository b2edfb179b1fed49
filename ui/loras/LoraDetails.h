#pragma once
// What the LoRA panel says about a file: its layout, rank, modules and size, and kohya's training
// notes (title, base model, network dim/alpha, trigger words), for the name's tooltip. Pure text.
#include "framesmith/LoraFiles.h"

#include <QCoreApplication>
#include <QString>

class LoraDetails {
    Q_DECLARE_TR_FUNCTIONS(LoraDetails)

public:
    static QString describe(const framesmith::LoraFileSummary& summary);
    static QString triggerWords(const framesmith::LoraFileSummary& summary); // "a, b, c"; "" when none
};
