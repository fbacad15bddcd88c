#!/bin/sh
# Creates the auth service's RS256 key pair as the Secret mcat-jwt-keys in namespace mcat, once
# (an existing Secret is kept, so tokens stay valid across redeploys). Needs openssl and kubectl.
set -eu
namespace="${1:-mcat}"
if kubectl -n "$namespace" get secret mcat-jwt-keys >/dev/null 2>&1; then
  exit 0
fi
dir="$(mktemp -d)"
trap 'rm -rf "$dir"' EXIT
openssl genpkey -algorithm RSA -pkeyopt rsa_keygen_bits:2048 -out "$dir/private.pem" 2>/dev/null
openssl pkey -in "$dir/private.pem" -pubout -out "$dir/public.pem"
kubectl -n "$namespace" create secret generic mcat-jwt-keys \
  --from-file=private.pem="$dir/private.pem" --from-file=public.pem="$dir/public.pem"
