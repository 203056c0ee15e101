import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';

/** Answers whether the database takes queries, within a short time. */
@Injectable()
export class DatabaseProbe {
  constructor(private readonly dataSource: DataSource) {}

  async isHealthy(): Promise<boolean> {
    try {
      await Promise.race([
        this.dataSource.query('SELECT 1'),
        new Promise((_, reject) => setTimeout(() => reject(new Error('timeout')), 3_000)),
      ]);
      return true;
    } catch {
      return false;
    }
  }
}
