/**
 * Figure 3: uploading a 20 MB card to the real server, timed from the request's last byte to the
 * response (checks, codec, thumbnails, blobs, row). Each upload is deleted again, so the free
 * plan's slots never run out and the same bytes are never a duplicate.
 */
import { multipartBody } from '../tests/api/cards';
import { apiJson, timedPost } from './lib/http';
import type { Session } from './lib/session';
import { median, ms, MB, repeat } from './lib/stats';
import type { Row } from './lib/table';

const RUNS = 5;

export async function uploadFigures(session: Session, bigCard: Uint8Array): Promise<Row[]> {
  const { payload, headers } = await multipartBody({ field: 'image', filename: 'bench-portrait.png', type: 'image/png', bytes: bigCard });
  const times = await repeat(RUNS, async () => {
    const response = await timedPost(
      new URL('/api/upload/image', session.server.baseURL).href,
      { ...headers, authorization: `Bearer ${await session.api.token()}` },
      payload,
    );
    if (response.status !== 200) throw new Error(`upload answered ${response.status}: ${response.body.slice(0, 300)}`);
    const fileId = (JSON.parse(response.body) as { data: { file_id: string } }).data.file_id;
    await apiJson(session.api, 'DELETE', `/api/upload/images/user/${fileId}`);
    return response.serverMs;
  });
  const value = median(times);
  return [
    {
      n: '3',
      figure: `Upload of a ${(bigCard.length / MB).toFixed(1)} MB card: last byte to response (validate, store, thumbnails)`,
      value: ms(value),
      goal: '≤ 600 ms',
      anchor: '—',
      pass: value <= 600,
    },
  ];
}
