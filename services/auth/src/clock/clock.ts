import { Injectable } from '@nestjs/common';

/** The time as the service's rules see it; tests replace it to move time forward. */
@Injectable()
export class Clock {
  now(): Date {
    return new Date();
  }
}
