/**
 * `GET /asset/<domain>/<name>[?path=P]` (bearer token): the bytes of a domain's asset for a browser
 * tab (kernel/side-channels.ts), never cached (a file replaced under the same name must be fetched
 * again). A file the asset refuses gets its error's code with the matching status.
 */
import { stat } from 'node:fs/promises';
import { ASSET_PATH } from '../../shared/channel-addresses';
import { HttpRefusal, type HttpRoute } from '../core/http-answers';
import { pipeFile } from '../api/renderer-files';
import { ErrorCode, StudioError } from '../kernel/errors';
import type { ResolvedPath } from '../kernel/paths';
import type { AssetContext } from '../kernel/side-channels';
import type { DomainChannelIndex } from './domain-channels';

/** The HTTP status of a refused asset, by the error's code. */
const ASSET_ERROR_STATUS: Record<string, number> = {
  [ErrorCode.pathOutsideWorkspace]: 403,
  [ErrorCode.fileNotFound]: 404,
  [ErrorCode.badParam]: 400,
  [ErrorCode.fileInvalid]: 422,
  [ErrorCode.tooLarge]: 413,
};

export function assetRoute(index: DomainChannelIndex, context: AssetContext): HttpRoute {
  return {
    path: ASSET_PATH,
    token: true,
    methods: ['GET', 'HEAD'],
    async handle(req, res, { url }) {
      const [domain = '', name = '', ...extra] = url.pathname.slice(ASSET_PATH.length).split('/').map(decodeSegment);
      if (extra.length > 0) throw new HttpRefusal(404, 'not_found', `nothing at ${url.pathname}`, `${ASSET_PATH}<domain>/<name>?path=...`);
      let file: ResolvedPath;
      let size: number;
      try {
        file = index.resolveAsset(context, domain, name, url.searchParams.get('path') || undefined);
        size = (await stat(file.abs)).size;
      } catch (err) {
        if (!(err instanceof StudioError)) throw err;
        throw new HttpRefusal(ASSET_ERROR_STATUS[err.code] ?? 500, err.code, err.message, err.suggestion);
      }
      res.writeHead(200, { 'Content-Type': 'application/octet-stream', 'Content-Length': size, 'Cache-Control': 'no-store' });
      if (req.method === 'HEAD') {
        res.end();
        return;
      }
      await pipeFile(file.abs, res);
    },
  };
}

function decodeSegment(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    throw new HttpRefusal(400, 'bad_request', `'${segment}' is not a valid path segment`);
  }
}
