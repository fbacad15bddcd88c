/**
 * `npm run images [-- <name>...] [--base-only]`: builds the product's images with podman, offline
 * and without a registry (@mcat/runner/images, which says how).
 */
import { log, main } from '@mcat/runner/images';

try {
  main(process.argv.slice(2));
} catch (error) {
  log(error instanceof Error ? error.message : String(error));
  process.exit(1);
}
