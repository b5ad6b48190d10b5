import type { Response } from 'express';

/** Every 2xx body is wrapped as { data } (behaviour.md section 3). */
export function sendData(res: Response, payload: unknown, status = 200): void {
  res.status(status).json({ data: payload });
}
