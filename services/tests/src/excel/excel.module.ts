import { Module } from '@nestjs/common';
import { TestsModule } from '../tests/tests.module';
import { ExcelController } from './excel.controller';
import { ExcelExportService } from './excel-export.service';
import { ExcelImportService } from './excel-import.service';

@Module({
  imports: [TestsModule],
  controllers: [ExcelController],
  providers: [ExcelExportService, ExcelImportService],
})
export class ExcelModule {}
