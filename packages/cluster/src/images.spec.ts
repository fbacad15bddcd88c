/**
 * The docker-archive tars the cluster's images are imported from, read back with GNU tar: what
 * `ctr images import` needs (manifest, config, layer) with the program at /<name>, executable,
 * owned by root, and a numeric user so a `runAsNonRoot` pod may run it. And coredns.yaml names
 * the CoreDNS image built here.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseAllDocuments } from 'yaml';
import { dockerArchive, DNS_IMAGE, PAUSE_IMAGE } from './images';
import { NETWORK } from './layout';

describe('dockerArchive', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'mcat-archive-'));
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

  it('packs one program as an image GNU tar reads, run by a numeric user', () => {
    const binary = Buffer.from('#!/bin/true\n'.repeat(100));
    const archive = path.join(dir, 'image.tar');
    fs.writeFileSync(archive, dockerArchive(PAUSE_IMAGE, binary));
    const read = (file: string, from = archive) =>
      execFileSync('tar', ['-xOf', from, file], { maxBuffer: 1 << 24 });

    const [manifest] = JSON.parse(read('manifest.json').toString()) as {
      Config: string;
      RepoTags: string[];
      Layers: string[];
    }[];
    expect(manifest.RepoTags).toEqual(['localhost/pause:1']);
    const config = JSON.parse(read(manifest.Config).toString()) as {
      config: { User: string; Entrypoint: string[] };
      rootfs: { diff_ids: string[] };
    };
    expect(config.config).toEqual({ User: '65535:65535', Entrypoint: ['/pause'] });
    const layer = path.join(dir, 'layer.tar');
    fs.writeFileSync(layer, read(manifest.Layers[0]));
    expect(config.rootfs.diff_ids).toEqual([`sha256:${path.dirname(manifest.Layers[0])}`]);

    const listing = execFileSync('tar', ['-tvf', layer, '--numeric-owner'], { encoding: 'utf8' });
    expect(listing).toMatch(/^-rwxr-xr-x 0\/0 +1200 1970-01-01 00:00 pause\n$/);
    expect(read('pause', layer).equals(binary)).toBe(true);
  });

  it('gives the same bytes for the same program', () => {
    const binary = Buffer.from('same');
    expect(dockerArchive(PAUSE_IMAGE, binary).equals(dockerArchive(PAUSE_IMAGE, binary))).toBe(
      true,
    );
  });
});

interface ManifestObject {
  kind: string;
  metadata: { name: string };
  spec: {
    clusterIP?: string;
    template?: {
      spec: { securityContext: { runAsUser: number }; containers: { image: string }[] };
    };
  };
}

describe('coredns.yaml', () => {
  it('runs the CoreDNS image images.ts builds, behind the address the kubelet names', () => {
    const objects = parseAllDocuments(
      fs.readFileSync(path.join(__dirname, 'coredns.yaml'), 'utf8'),
    ).map((document) => document.toJS() as ManifestObject);
    const pod = objects.find((object) => object.kind === 'Deployment')?.spec.template?.spec;
    const service = objects.find((object) => object.kind === 'Service');
    expect(pod?.containers.map((container) => container.image)).toEqual([DNS_IMAGE.reference]);
    expect(pod?.securityContext.runAsUser).toBe(DNS_IMAGE.user);
    expect(service?.metadata.name).toBe('kube-dns');
    expect(service?.spec.clusterIP).toBe(NETWORK.dnsIp);
  });
});
