import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../config.ts';
import { restartPause } from './cluster-primary.ts';
import { planWorkers } from './worker-plan.ts';

const postgres = 'postgres://db/portal';

describe('planWorkers', () => {
  it('runs one process per core in production on PostgreSQL, with an equal share of DB_POOL_SIZE', () => {
    expect(planWorkers({ databaseUrl: postgres, production: true, dbPoolSize: 10 }, 2)).toEqual({
      workers: 2,
      poolPerWorker: 5,
    });
    expect(planWorkers({ databaseUrl: postgres, production: true, dbPoolSize: 40 }, 4)).toEqual({
      workers: 4,
      poolPerWorker: 10,
    });
  });

  it('runs one process outside production unless WEB_CONCURRENCY says otherwise', () => {
    expect(planWorkers({ databaseUrl: postgres, production: false, dbPoolSize: 10 }, 8).workers).toBe(1);
    expect(planWorkers({ databaseUrl: postgres, production: false, dbPoolSize: 10 }, 8).poolPerWorker).toBe(
      10,
    );
    expect(
      planWorkers({ databaseUrl: postgres, production: false, webConcurrency: 3, dbPoolSize: 10 }, 8),
    ).toEqual({ workers: 3, poolPerWorker: 3 });
  });

  it('keeps the embedded database to one process', () => {
    expect(planWorkers({ production: true, dbPoolSize: 10 }, 8)).toEqual({ workers: 1, poolPerWorker: 10 });
  });

  it('starts fewer processes when DB_POOL_SIZE cannot give each at least 2 connections, and says so', () => {
    const plan = planWorkers({ databaseUrl: postgres, production: true, dbPoolSize: 10 }, 8);
    expect(plan.workers).toBe(5);
    expect(plan.poolPerWorker).toBe(2);
    expect(plan.note).toMatch(/5 server processes instead of 8.*DB_POOL_SIZE=10/);
    for (const total of [2, 3, 7, 10, 11, 64]) {
      for (const cores of [1, 2, 3, 8, 32]) {
        const each = planWorkers({ databaseUrl: postgres, production: true, dbPoolSize: total }, cores);
        expect(each.workers * each.poolPerWorker).toBeLessThanOrEqual(total);
        expect(each.poolPerWorker).toBeGreaterThanOrEqual(2);
      }
    }
  });
});

describe('restartPause', () => {
  it('replaces a worker at once, then waits longer each time replacements die young, up to 30 s', () => {
    expect([0, 1, 2, 3, 4, 10, 20].map(restartPause)).toEqual([0, 500, 1_000, 2_000, 4_000, 30_000, 30_000]);
  });
});

describe('WEB_CONCURRENCY and DB_POOL_SIZE', () => {
  it('reads both, and refuses more than one process on the embedded database', () => {
    expect(loadConfig({}).dbPoolSize).toBe(10);
    expect(loadConfig({}).webConcurrency).toBeUndefined();
    expect(loadConfig({ DATABASE_URL: postgres, WEB_CONCURRENCY: '4', DB_POOL_SIZE: '24' })).toMatchObject({
      webConcurrency: 4,
      dbPoolSize: 24,
    });
    expect(loadConfig({ WEB_CONCURRENCY: '1' }).webConcurrency).toBe(1);
    expect(() => loadConfig({ WEB_CONCURRENCY: '2' })).toThrow(/requires DATABASE_URL/);
    for (const wrong of ['0', '-1', '1.5', 'many']) {
      expect(() => loadConfig({ WEB_CONCURRENCY: wrong, DATABASE_URL: postgres }), wrong).toThrow(
        ConfigError,
      );
    }
    for (const wrong of ['1', '0', 'x'])
      expect(() => loadConfig({ DB_POOL_SIZE: wrong }), wrong).toThrow(ConfigError);
  });
});
