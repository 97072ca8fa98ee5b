import type { Db } from '../../db/schema.js';

export function createSettingsRepository(db: Db) {
  return {
    async readAll(): Promise<Record<string, unknown>> {
      const rows = await db.selectFrom('instance_settings').selectAll().execute();
      return Object.fromEntries(rows.map((row) => [row.name, JSON.parse(row.value) as unknown]));
    },

    async write(values: Record<string, unknown>): Promise<void> {
      await db.transaction().execute(async (trx) => {
        for (const [name, value] of Object.entries(values)) {
          await trx
            .insertInto('instance_settings')
            .values({ name, value: JSON.stringify(value) })
            .onConflict((oc) => oc.column('name').doUpdateSet({ value: JSON.stringify(value) }))
            .execute();
        }
      });
    },
  };
}

export type SettingsRepository = ReturnType<typeof createSettingsRepository>;
