import { Controller, Get } from '@nestjs/common';
import type { ScoreProjection } from '@mcat/contracts';
import { CurrentUser, type TokenClaims } from '@mcat/service-kit';
import { ProjectionService } from './projection.service';

@Controller('api/tests/projection')
export class ProjectionController {
  constructor(private readonly projection: ProjectionService) {}

  @Get()
  project(@CurrentUser() user: TokenClaims): Promise<ScoreProjection> {
    return this.projection.project(user.sub);
  }
}
