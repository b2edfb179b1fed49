#include "ui/generation/GenerationMetaTypes.h"

void registerGenerationMetaTypes()
{
    qRegisterMetaType<framesmith::GenerationRequest>();
    qRegisterMetaType<framesmith::GenerationResult>();
    qRegisterMetaType<GenerationJob>();
    qRegisterMetaType<QVector<QImage>>();
}
