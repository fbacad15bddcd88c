{{/*
Names, labels, images and URLs shared by every template.
*/}}

{{- define "mcat.name" -}}
{{- default .Chart.Name .Values.nameOverride | trunc 63 | trimSuffix "-" -}}
{{- end -}}

{{- define "mcat.fullname" -}}
{{- if .Values.fullnameOverride -}}
{{- .Values.fullnameOverride | trunc 63 | trimSuffix "-" -}}
{{- else -}}
{{- $name := default .Chart.Name .Values.nameOverride -}}
{{- if contains $name .Release.Name -}}
{{- .Release.Name | trunc 63 | trimSuffix "-" -}}
{{- else -}}
{{- printf "%s-%s" .Release.Name $name | trunc 63 | trimSuffix "-" -}}
{{- end -}}
{{- end -}}
{{- end -}}

{{/* The name of one deployable's objects: <fullname>-<component>. Call with (dict "root" $ "name" "auth"). */}}
{{- define "mcat.componentName" -}}
{{- printf "%s-%s" (include "mcat.fullname" .root | trunc 50 | trimSuffix "-") .name -}}
{{- end -}}

{{- define "mcat.selectorLabels" -}}
app.kubernetes.io/name: {{ include "mcat.name" .root }}
app.kubernetes.io/instance: {{ .root.Release.Name }}
app.kubernetes.io/component: {{ .name }}
{{- end -}}

{{- define "mcat.labels" -}}
{{ include "mcat.selectorLabels" . }}
app.kubernetes.io/part-of: mcat-logbook
app.kubernetes.io/version: {{ .root.Chart.AppVersion | quote }}
app.kubernetes.io/managed-by: {{ .root.Release.Service }}
helm.sh/chart: {{ printf "%s-%s" .root.Chart.Name .root.Chart.Version | replace "+" "_" }}
{{- end -}}

{{/* Labels of every pod of the release, whatever its component (used by the default-deny policy). */}}
{{- define "mcat.instanceLabels" -}}
app.kubernetes.io/name: {{ include "mcat.name" . }}
app.kubernetes.io/instance: {{ .Release.Name }}
{{- end -}}

{{/* The settings of one deployable: the shared `workloadDefaults` overlaid with its own section. */}}
{{- define "mcat.workloadValues" -}}
{{- $own := index .root.Values .name -}}
{{- mergeOverwrite (deepCopy .root.Values.workloadDefaults) (deepCopy $own) | toYaml -}}
{{- end -}}

{{/*
<repository>:<tag> of a deployable's image; the tag defaults to the chart's appVersion and is never
`latest`. A tag may end in @<digest>; a trailing `@` with no digest (skaffold's "<tag>@<digest>" for
an image built locally and never pushed) is dropped.
*/}}
{{- define "mcat.image" -}}
{{- $own := (index .root.Values .name).image | default dict -}}
{{- $repository := $own.repository | default (printf "%s/%s" (trimSuffix "/" .root.Values.image.registry) .name) -}}
{{- $tag := $own.tag | default .root.Values.image.tag | default .root.Chart.AppVersion | toString | trimSuffix "@" -}}
{{- if or (eq $tag "latest") (hasPrefix "latest@" $tag) -}}
{{- fail (printf "%s: the image tag `latest` is refused; pin a version (image.tag or %s.image.tag)" .name .name) -}}
{{- end -}}
{{- if $own.digest -}}
{{- printf "%s@%s" $repository $own.digest -}}
{{- else -}}
{{- printf "%s:%s" $repository $tag -}}
{{- end -}}
{{- end -}}

{{/* The in-cluster base URL of a deployable's Service. */}}
{{- define "mcat.serviceUrl" -}}
{{- printf "http://%s:%v" (include "mcat.componentName" .) .root.Values.service.port -}}
{{- end -}}

{{/* The address users reach the product at: config.publicUrl, else the first Ingress host. */}}
{{- define "mcat.publicUrl" -}}
{{- if .Values.config.publicUrl -}}
{{- .Values.config.publicUrl | trimSuffix "/" -}}
{{- else -}}
{{- $scheme := ternary "https" "http" .Values.ingress.tls.enabled -}}
{{- printf "%s://%s" $scheme (first .Values.ingress.hosts) -}}
{{- end -}}
{{- end -}}

{{/*
MONGO_URL of one service: dependencies.mongodb.url with the service's database as its path (any
path already there is replaced, the query string is kept; several hosts are fine).
*/}}
{{- define "mcat.mongoUrl" -}}
{{- $parts := splitn "?" 2 .root.Values.dependencies.mongodb.url -}}
{{- $schemeAndRest := splitn "://" 2 $parts._0 -}}
{{- $authority := first (splitList "/" $schemeAndRest._1) -}}
{{- $database := (index .root.Values .name).mongoDatabase -}}
{{- printf "%s://%s/%s" $schemeAndRest._0 $authority $database -}}
{{- with $parts._1 }}?{{ . }}{{ end -}}
{{- end -}}

{{- define "mcat.dependenciesSecretName" -}}
{{- .Values.dependencies.existingSecret | default (printf "%s-dependencies" (include "mcat.fullname" .)) -}}
{{- end -}}

{{- define "mcat.jwtSecretName" -}}
{{- .Values.auth.jwt.existingSecret | default (printf "%s-jwt" (include "mcat.fullname" .)) -}}
{{- end -}}

{{- define "mcat.stripeSecretName" -}}
{{- .Values.billing.stripe.existingSecret | default (printf "%s-stripe" (include "mcat.fullname" .)) -}}
{{- end -}}

{{- define "mcat.internalApiSecretName" -}}
{{- .Values.internalApi.existingSecret | default (printf "%s-internal-api" (include "mcat.fullname" .)) -}}
{{- end -}}

{{- define "mcat.metricsSecretName" -}}
{{- .Values.metrics.existingSecret | default (printf "%s-metrics" (include "mcat.fullname" .)) -}}
{{- end -}}

{{- define "mcat.reviewReminderSecretName" -}}
{{- .Values.auth.reviewReminders.existingSecret | default (printf "%s-review-reminders" (include "mcat.fullname" .)) -}}
{{- end -}}

{{/* Auth's key for the reminder mails' unsubscribe links (docs/adr/0035-review-reminders.md). */}}
{{- define "mcat.reviewReminderEnv" -}}
- name: REVIEW_REMINDER_SECRET
  valueFrom:
    secretKeyRef:
      name: {{ include "mcat.reviewReminderSecretName" . }}
      key: REVIEW_REMINDER_SECRET
{{- end -}}

{{/*
The credentials every Node process checks, from their Secrets: INTERNAL_API_TOKEN (/internal/*)
and METRICS_TOKEN (/metrics, Prometheus' own).
*/}}
{{- define "mcat.credentialsEnv" -}}
- name: INTERNAL_API_TOKEN
  valueFrom:
    secretKeyRef:
      name: {{ include "mcat.internalApiSecretName" . }}
      key: INTERNAL_API_TOKEN
- name: METRICS_TOKEN
  valueFrom:
    secretKeyRef:
      name: {{ include "mcat.metricsSecretName" . }}
      key: METRICS_TOKEN
{{- end -}}

{{/* TRUSTED_PROXIES of the services: the addresses the gateway's requests come from. */}}
{{- define "mcat.trustedProxiesConfig" -}}
TRUSTED_PROXIES: {{ .Values.config.trustedProxies | quote }}
{{- end -}}

{{/* EVENT_STREAM_REPLICAS of the services with NATS (and their migrations): copies of a stream they create. */}}
{{- define "mcat.eventStreamsConfig" -}}
EVENT_STREAM_REPLICAS: {{ .Values.dependencies.nats.streamReplicas | quote }}
{{- end -}}

{{- define "mcat.smtpSecretName" -}}
{{- .Values.mailer.smtp.existingSecret | default (printf "%s-smtp" (include "mcat.fullname" .)) -}}
{{- end -}}

{{/* Pod-level security: the `restricted` Pod Security Standard. */}}
{{- define "mcat.podSecurityContext" -}}
runAsNonRoot: true
runAsUser: {{ .runAsUser }}
runAsGroup: {{ .runAsUser }}
fsGroup: {{ .runAsUser }}
seccompProfile:
  type: RuntimeDefault
{{- end -}}

{{- define "mcat.containerSecurityContext" -}}
allowPrivilegeEscalation: false
privileged: false
readOnlyRootFilesystem: true
runAsNonRoot: true
capabilities:
  drop: ["ALL"]
seccompProfile:
  type: RuntimeDefault
{{- end -}}

{{/* MONGO_URL / NATS_URL / REDIS_URL entries read from the dependencies Secret. Call with (dict "root" $ "mongoKey" "MONGO_URL_AUTH" "nats" true "redis" true). */}}
{{- define "mcat.dependencyEnv" -}}
{{- $secret := include "mcat.dependenciesSecretName" .root -}}
{{- if .mongoKey }}
- name: MONGO_URL
  valueFrom:
    secretKeyRef:
      name: {{ $secret }}
      key: {{ .mongoKey }}
{{- end }}
{{- if .nats }}
- name: NATS_URL
  valueFrom:
    secretKeyRef:
      name: {{ $secret }}
      key: NATS_URL
{{- end }}
{{- if .redis }}
- name: REDIS_URL
  valueFrom:
    secretKeyRef:
      name: {{ $secret }}
      key: REDIS_URL
{{- end }}
{{- include "mcat.dependencyTrustEnv" . }}
{{- end -}}

{{/*
What a process needs to trust and authenticate to the dependencies, from dependencies.caBundle and
dependencies.nats.credentials: NODE_EXTRA_CA_CERTS (Node adds the bundle to the system's CAs, read
at start) and NATS_CREDS_FILE (read at every connect). The files are mounted by
mcat.dependencyTrustVolumes and mcat.dependencyTrustMounts. Call with (dict "root" $ "nats" true).
*/}}
{{- define "mcat.caBundleSource" -}}
{{- $ca := .Values.dependencies.caBundle -}}
{{- if and $ca.existingSecret $ca.existingConfigMap -}}
{{- fail "dependencies.caBundle: set existingSecret or existingConfigMap, not both" -}}
{{- end -}}
{{- if $ca.existingSecret -}}secret{{- else if $ca.existingConfigMap -}}configMap{{- end -}}
{{- end -}}

{{- define "mcat.natsCredentialsMounted" -}}
{{- if and .nats .root.Values.dependencies.nats.credentials.existingSecret -}}true{{- end -}}
{{- end -}}

{{- define "mcat.dependencyTrustEnv" -}}
{{- if include "mcat.caBundleSource" .root }}
- name: NODE_EXTRA_CA_CERTS
  value: /etc/mcat-logbook/dependencies-ca/ca.crt
{{- end }}
{{- if include "mcat.natsCredentialsMounted" . }}
- name: NATS_CREDS_FILE
  value: /etc/mcat-logbook/nats/nats.creds
{{- end }}
{{- end -}}

{{- define "mcat.dependencyTrustVolumes" -}}
{{- $ca := .root.Values.dependencies.caBundle -}}
{{- $source := include "mcat.caBundleSource" .root -}}
{{- if eq $source "secret" }}
- name: dependencies-ca
  secret:
    secretName: {{ $ca.existingSecret }}
    defaultMode: 0444
    items:
      - key: {{ $ca.key }}
        path: ca.crt
{{- else if eq $source "configMap" }}
- name: dependencies-ca
  configMap:
    name: {{ $ca.existingConfigMap }}
    defaultMode: 0444
    items:
      - key: {{ $ca.key }}
        path: ca.crt
{{- end }}
{{- if include "mcat.natsCredentialsMounted" . }}
{{- $creds := .root.Values.dependencies.nats.credentials }}
- name: nats-credentials
  secret:
    secretName: {{ $creds.existingSecret }}
    defaultMode: 0440
    items:
      - key: {{ $creds.key }}
        path: nats.creds
{{- end }}
{{- end -}}

{{- define "mcat.dependencyTrustMounts" -}}
{{- if include "mcat.caBundleSource" .root }}
- name: dependencies-ca
  mountPath: /etc/mcat-logbook/dependencies-ca
  readOnly: true
{{- end }}
{{- if include "mcat.natsCredentialsMounted" . }}
- name: nats-credentials
  mountPath: /etc/mcat-logbook/nats
  readOnly: true
{{- end }}
{{- end -}}

{{/* Settings every Node process of the chart reads. */}}
{{- define "mcat.commonConfig" -}}
NODE_ENV: {{ .Values.config.nodeEnv | quote }}
HOST: "0.0.0.0"
PORT: {{ .Values.service.port | quote }}
LOG_LEVEL: {{ .Values.config.logLevel | quote }}
SHUTDOWN_GRACE_MS: {{ .Values.config.shutdownGraceMs | quote }}
{{- with .Values.config.otlpEndpoint }}
OTEL_EXPORTER_OTLP_ENDPOINT: {{ . | quote }}
{{- end }}
{{- /* Memory settings `npm start` uses too (scripts/lib/processes.ts), measured in docs/benchmarks.md
"Foundation": V8 young generation of 2 x 8 MB semi-spaces; glibc malloc gives 1 MiB and larger
allocations their own mapping, returned when freed (auth's argon2 buffers otherwise stay resident). */}}
NODE_OPTIONS: "--max-semi-space-size=8"
MALLOC_MMAP_THRESHOLD_: "1048576"
{{- end -}}

{{/* The gateway's long routes (gateway/src/proxy/route-table.ts, `long: true`): spreadsheet import
and export, the Anki deck, the data export. helm/test/routes.spec.ts keeps the two lists equal. */}}
{{- define "mcat.longRoutePaths" -}}
- /api/auth/me/export
- /api/tests/import/excel
- /api/tests/export/excel
- /api/questions/export/anki
{{- end -}}

{{/* Seconds an Ingress or HTTPRoute lets a long route take: the gateway's wait for the service
(UPSTREAM_LONG_TIMEOUT_MS, 120 s unless gateway.env sets it) plus 30 s to carry the bodies. */}}
{{- define "mcat.longRouteTimeoutSeconds" -}}
{{- $gatewayMs := (.Values.gateway.env.UPSTREAM_LONG_TIMEOUT_MS | default 120000) | int -}}
{{- add (div $gatewayMs 1000) 30 -}}
{{- end -}}

{{/* The deployables that serve /metrics: every Node one (the web app's nginx serves none). */}}
{{- define "mcat.metricsComponents" -}}
- gateway
- auth
- tests
- questions
- billing
- mailer
{{- end -}}
