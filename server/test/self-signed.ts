/** A self-signed certificate for localhost and 127.0.0.1, made by `openssl` for the HTTPS tests (one day, in a folder of their own). */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

export interface Certificate {
  dir: string;
  certFile: string;
  keyFile: string;
}

export function selfSignedCertificate(): Certificate {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'giornata-tls-'));
  const certFile = path.join(dir, 'cert.pem');
  const keyFile = path.join(dir, 'key.pem');
  execFileSync(
    'openssl',
    [
      'req',
      '-x509',
      '-newkey',
      'ec',
      '-pkeyopt',
      'ec_paramgen_curve:prime256v1',
      '-nodes',
      '-keyout',
      keyFile,
      '-out',
      certFile,
      '-days',
      '1',
      '-subj',
      '/CN=localhost',
      '-addext',
      'subjectAltName=DNS:localhost,IP:127.0.0.1',
    ],
    { stdio: 'ignore' },
  );
  return { dir, certFile, keyFile };
}
