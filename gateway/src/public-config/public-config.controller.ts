import { Controller, Get, Header } from '@nestjs/common';
import type { PublicConfig } from '@mcat/contracts';
import { PublicConfigService } from './public-config.service';

@Controller('api/config')
export class PublicConfigController {
  constructor(private readonly publicConfig: PublicConfigService) {}

  @Get()
  @Header('cache-control', 'no-cache')
  current(): Promise<PublicConfig> {
    return this.publicConfig.current();
  }
}
