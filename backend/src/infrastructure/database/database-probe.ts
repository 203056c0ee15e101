import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';

/** Answers whether the database takes queries, within a short time. */
@Injectable()
export class DatabaseProbe {
  constructor(private readonly dataSource: DataSource) {}

  async isHealthy(): Promise<boolean> {
    // The timer is cleared once the query answers: left running, it kept a process (a test run) alive for 3 s.
    let timer: NodeJS.Timeout | undefined;
    try {
      await Promise.race([
        this.dataSource.query('SELECT 1'),
        new Promise((_, reject) => { timer = setTimeout(() => reject(new Error('timeout')), 3_000); }),
      ]);
      return true;
    } catch {
      return false;
    } finally {
      clearTimeout(timer);
    }
  }
}
