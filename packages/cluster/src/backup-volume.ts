/**
 * The volume of the chart's backup CronJob on the test cluster, which has no storage provisioner:
 * a PersistentVolume on node 0's disk (a folder of the cluster's own, open to the pods' user) and
 * the claim values-backup.yaml names, bound to it before the chart is installed. The scheduler
 * follows the volume's node affinity, so the backup and restore pods run on node 0.
 */
import fs from 'node:fs';
import path from 'node:path';
import { kubectlOk, type Cluster } from './cluster';

/** The claim values-backup.yaml gives backup.persistence.existingClaim. */
export const BACKUP_CLAIM = 'mcat-backups';

/** Where node 0 keeps the archives (hostPath): the cluster's folder on this machine. */
export const backupFolder = (cluster: Cluster): string => path.join(cluster.layout.dir, 'backups');

export function applyBackupVolume(cluster: Cluster, namespace: string): void {
  const folder = backupFolder(cluster);
  fs.mkdirSync(folder, { recursive: true });
  // The pods run as user 1000; a hostPath volume keeps the folder's owner and mode.
  fs.chmodSync(folder, 0o777);
  const manifests = [
    {
      apiVersion: 'v1',
      kind: 'PersistentVolume',
      metadata: { name: `${namespace}-${BACKUP_CLAIM}` },
      spec: {
        capacity: { storage: '1Gi' },
        accessModes: ['ReadWriteOnce'],
        persistentVolumeReclaimPolicy: 'Retain',
        storageClassName: '',
        claimRef: { namespace, name: BACKUP_CLAIM },
        hostPath: { path: folder, type: 'Directory' },
        nodeAffinity: {
          required: {
            nodeSelectorTerms: [
              {
                matchExpressions: [
                  {
                    key: 'kubernetes.io/hostname',
                    operator: 'In',
                    values: [cluster.layout.node.name],
                  },
                ],
              },
            ],
          },
        },
      },
    },
    {
      apiVersion: 'v1',
      kind: 'PersistentVolumeClaim',
      metadata: { name: BACKUP_CLAIM, namespace },
      spec: {
        accessModes: ['ReadWriteOnce'],
        storageClassName: '',
        volumeName: `${namespace}-${BACKUP_CLAIM}`,
        resources: { requests: { storage: '1Gi' } },
      },
    },
  ];
  kubectlOk(
    cluster,
    ['apply', '-f', '-'],
    JSON.stringify({ apiVersion: 'v1', kind: 'List', items: manifests }),
  );
}
