import type { Knex } from '@swapstuff/db';

/** The `settings` row that holds the fee settings (db/src/migrations/012_payment_settings.ts). */
export const FEES_KEY = 'fees';

/** A settings row as stored: the value is a JSON document, updated_at epoch milliseconds. */
export interface SettingRow {
  key: string;
  value: string;
  updated_at: number | string;
}

export const feesRepo = {
  /** The fee settings' JSON text, or undefined when the row is missing. */
  async feeSettingsText(db: Knex): Promise<string | undefined> {
    const row = await db<SettingRow>('settings').where({ key: FEES_KEY }).first('value');
    return row?.value;
  },

  /** Replaces the fee settings (the admin screen of a later issue; tests). */
  async saveFeeSettingsText(db: Knex, value: string): Promise<void> {
    const updated = await db<SettingRow>('settings').where({ key: FEES_KEY }).update({ value, updated_at: Date.now() });
    if (!updated) await db<SettingRow>('settings').insert({ key: FEES_KEY, value, updated_at: Date.now() });
  },
};
