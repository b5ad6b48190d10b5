import { METHODS } from 'node:http';
import express, { type Express } from 'express';
import { badRequest, CatalogError, notFound } from '../domain/errors.js';
import type { KeyRing } from '../pipeline/auth.js';
import { authenticateAdmin } from './adminRoutes.js';
import { sendData } from './respond.js';
import { invalid } from '../openapi/validator.js';
import { mediaCard, mediaFile, MEDIA_PATH, MEDIA_POLICY } from '../media/demoMedia.js';
import { adminSchemas, checkFaultRule } from '../workbench/ruleChecks.js';
import { parseJournalFilter } from '../workbench/requestJournal.js';
import type { Workbench } from '../workbench/workbench.js';
import { singleByteRange } from '../media/byteRange.js';

/** Every path below MEDIA_PATH. */
const MEDIA_ROUTE = new RegExp(`^${MEDIA_PATH}/.+`);
const FAULTS_PATH = '/__admin/faults';
/**
 * One rule: `/__admin/faults/{faultId}`, in any case and with an optional trailing slash, as express's
 * own. An empty id matches too (`/__admin/faults/`), so that it is refused here rather than taken as
 * `DELETE /__admin/faults`, which removes every rule (docs/behaviour.md, "Addressing").
 */
const FAULT_ROUTE = new RegExp(`^${FAULTS_PATH}/[^/]*/?$`, 'i');

/** A path segment decoded; undefined when it is not valid percent-encoding. */
function decodedSegment(raw: string): string | undefined {
  try {
    return decodeURIComponent(raw);
  } catch {
    return undefined;
  }
}

/** The first value of each query parameter, as text. */
function firstValues(query: Record<string, unknown>): Record<string, string | undefined> {
  return Object.fromEntries(
    Object.entries(query).map(([name, value]) => [name, String(Array.isArray(value) ? value[0] : value)]),
  );
}

/**
 * The workbench's endpoints: fault rules and the request journal under /__admin (shapes in
 * openapi.yaml, tag Admin), and the demo media the bundled datasets link to.
 */
export function mountWorkbenchRoutes(app: Express, workbench: Workbench, ring: KeyRing): void {
  const admin = authenticateAdmin(ring);

  app.get('/__admin/faults', admin, (_req, res) => sendData(res, workbench.faults.list()));

  app.post('/__admin/faults', admin, express.json({ limit: '64kb' }), (req, res) => {
    const body: unknown = req.body;
    if (body === undefined) {
      // express's parser reads only a JSON body: one sent as anything else arrives as none.
      const sent =
        Number(req.headers['content-length'] ?? 0) > 0 || req.headers['transfer-encoding'] !== undefined;
      if (sent) {
        throw new CatalogError(
          'unsupported-media-type',
          'Send the fault rule as JSON, with Content-Type: application/json',
        );
      }
      throw badRequest('A fault rule is required as a JSON body');
    }
    const input = checkFaultRule(body);
    sendData(res, workbench.faults.add(input), undefined, 201);
  });

  // Matched by a pattern that decodes nothing, as the media route: a named parameter made express
  // answer an id that is not valid percent-encoding with a 400 of its own wording. Registered before
  // the route that removes every rule, which express would also match to `/__admin/faults/`.
  app.delete(FAULT_ROUTE, admin, (req, res) => {
    const raw = req.path.slice(FAULTS_PATH.length + 1).replace(/\/$/, '');
    if (raw === '') {
      // As a script whose id variable is unset sends it: taken as "all", it removed every rule.
      throw invalid([
        {
          path: 'params.faultId',
          message: `is empty: give the id of the rule to remove (GET ${FAULTS_PATH} lists them), or send DELETE ${FAULTS_PATH}, without the slash, to remove them all`,
        },
      ]);
    }
    const id = decodedSegment(raw);
    if (id === undefined) {
      throw invalid([{ path: 'params.faultId', message: `is not valid percent-encoding: "${raw}"` }]);
    }
    if (!workbench.faults.remove(id)) {
      // A rule spent or removed by a reset is gone too: the listing says what there is.
      throw notFound(`No fault rule "${id}": GET ${FAULTS_PATH} lists the rules there are, with their ids`);
    }
    sendData(res, { deleted: 1 });
  });

  app.delete('/__admin/faults', admin, (_req, res) => {
    const deleted = workbench.faults.list().length;
    workbench.faults.clear();
    sendData(res, { deleted });
  });

  app.get('/__admin/requests', admin, (req, res) => {
    const filter = parseJournalFilter(firstValues(req.query as Record<string, unknown>), METHODS);
    // A tenantId no request can name (`acme/dev`, a tenant and an environment) matched nothing,
    // without a word: checked against openapi.yaml's ScopeName, as a fault rule's is.
    if (filter.tenantId !== undefined) {
      const problems = adminSchemas().checkComponent('ScopeName', filter.tenantId);
      if (problems.length > 0)
        throw badRequest(`query.tenantId ${problems.map((p) => p.message).join('; ')}`);
    }
    sendData(res, workbench.journal.find(filter));
  });

  app.delete('/__admin/requests', admin, (_req, res) => {
    const deleted = workbench.journal.count;
    workbench.journal.clear();
    sendData(res, { deleted });
  });

  // Open to anyone, also in strict mode: an <img> sends no token. Matched by a pattern that decodes
  // nothing: a named wildcard made express answer a path that is not valid percent-encoding with a
  // 400 of its own wording, where such a path names no demo media (docs/behaviour.md, "Seeds").
  app.get(MEDIA_ROUTE, (req, res) => {
    const path = req.path.slice(MEDIA_PATH.length);
    const card = mediaCard(path, (id) => workbench.seeds.product(id));
    if (!card) throw notFound(`No demo media at ${req.path}`);
    const { contentType, body } = mediaFile(path, card);
    res.status(200).type(contentType).setHeader('Cache-Control', 'public, max-age=3600');
    res.setHeader('Content-Security-Policy', MEDIA_POLICY);
    if (typeof body === 'string') {
      res.send(body);
      return;
    }
    // A video is asked for in ranges by some players (Safari plays none from a server that ignores
    // them): one range gets a 206; several, or one outside the file, get the whole file, which a
    // server may always send instead. The msw handlers read the range by the same rule.
    const bytes = Buffer.from(body.buffer, body.byteOffset, body.byteLength);
    res.setHeader('Accept-Ranges', 'bytes');
    const range = singleByteRange(req.headers.range, bytes.length);
    if (!range) {
      res.send(bytes);
      return;
    }
    res
      .status(206)
      .setHeader('Content-Range', `bytes ${range.start}-${range.end}/${bytes.length}`)
      .send(bytes.subarray(range.start, range.end + 1));
  });
}
