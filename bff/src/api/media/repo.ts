import type { Knex } from '@swapstuff/db';
import type { StoredPhoto } from './photos';

/** The images table: who uploaded which stored photo. */
export const imagesRepo = {
  async insert(db: Knex, userId: number, photo: StoredPhoto): Promise<number> {
    const [id] = await db('images').insert({
      user_id: userId,
      file_name: photo.file_name,
      width: photo.width,
      height: photo.height,
      bytes: photo.bytes,
      created_at: new Date(),
    });
    return Number(id);
  },
};
