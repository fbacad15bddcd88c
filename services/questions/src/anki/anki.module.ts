import { Module } from '@nestjs/common';
import { MongooseModule } from '@nestjs/mongoose';
import { QUESTION_MODELS } from '../questions/question.schema';
import { QuestionsModule } from '../questions/questions.module';
import { AnkiExportController } from './anki-export.controller';
import { AnkiExportService } from './anki-export.service';

/** The Anki deck export and the marking of an export's questions (docs/adr/0023-anki-export.md). */
@Module({
  imports: [MongooseModule.forFeature(QUESTION_MODELS), QuestionsModule],
  controllers: [AnkiExportController],
  providers: [AnkiExportService],
})
export class AnkiModule {}
