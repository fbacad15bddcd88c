{{/*
One deployable: ServiceAccount, ConfigMap, Deployment, Service, HorizontalPodAutoscaler and
PodDisruptionBudget. Called from the deployable's own template file with
(dict "root" $ "name" "auth" "config" $config "env" $secretEnv "volumes" $volumes "mounts" $mounts "dependencies" $dependencies "secretsChecksum" $sum).
`config` becomes the ConfigMap (read with envFrom); `env` is YAML of extra EnvVar entries
(secret references); `volumes`/`mounts` are YAML lists added to the /tmp emptyDir, as are the CA
bundle and NATS credentials `dependencies` (the dict given to mcat.dependencyEnv) call for and the
deployable's extraVolumes/extraVolumeMounts.
*/}}
{{- define "mcat.workload" -}}
{{- $root := .root -}}
{{- $name := .name -}}
{{- $values := include "mcat.workloadValues" . | fromYaml -}}
{{- $fullName := include "mcat.componentName" . -}}
{{- $config := .config | default dict -}}
{{- $runAsUser := .runAsUser | default 1000 -}}
---
apiVersion: v1
kind: ServiceAccount
metadata:
  name: {{ $fullName }}
  labels:
    {{- include "mcat.labels" . | nindent 4 }}
automountServiceAccountToken: false
{{- if $config }}
---
apiVersion: v1
kind: ConfigMap
metadata:
  name: {{ $fullName }}
  labels:
    {{- include "mcat.labels" . | nindent 4 }}
data:
  {{- range $key, $value := $config }}
  {{ $key }}: {{ $value | toString | quote }}
  {{- end }}
{{- end }}
---
apiVersion: apps/v1
kind: Deployment
metadata:
  name: {{ $fullName }}
  labels:
    {{- include "mcat.labels" . | nindent 4 }}
spec:
  {{- if not $values.autoscaling.enabled }}
  replicas: {{ $values.replicaCount }}
  {{- end }}
  revisionHistoryLimit: 5
  selector:
    matchLabels:
      {{- include "mcat.selectorLabels" . | nindent 6 }}
  strategy:
    type: RollingUpdate
    rollingUpdate:
      maxSurge: 25%
      maxUnavailable: 0
  template:
    metadata:
      labels:
        {{- include "mcat.selectorLabels" . | nindent 8 }}
        app.kubernetes.io/part-of: mcat-logbook
        {{- with $values.podLabels }}
        {{- toYaml . | nindent 8 }}
        {{- end }}
      annotations:
        checksum/config: {{ toYaml $config | sha256sum }}
        checksum/secrets: {{ .secretsChecksum | default "" | sha256sum }}
        {{- with $values.podAnnotations }}
        {{- toYaml . | nindent 8 }}
        {{- end }}
    spec:
      serviceAccountName: {{ $fullName }}
      automountServiceAccountToken: false
      enableServiceLinks: false
      terminationGracePeriodSeconds: {{ $values.terminationGracePeriodSeconds }}
      securityContext:
        {{- include "mcat.podSecurityContext" (dict "runAsUser" $runAsUser) | nindent 8 }}
      {{- with $root.Values.image.pullSecrets }}
      imagePullSecrets:
        {{- toYaml . | nindent 8 }}
      {{- end }}
      containers:
        - name: {{ $name }}
          image: {{ include "mcat.image" . | quote }}
          imagePullPolicy: {{ $root.Values.image.pullPolicy }}
          ports:
            - name: http
              containerPort: {{ $root.Values.service.port }}
              protocol: TCP
          {{- if $config }}
          envFrom:
            - configMapRef:
                name: {{ $fullName }}
          {{- end }}
          {{- $env := .env | default "" | trim -}}
          {{- if or $env $values.extraEnv }}
          env:
            {{- with $env }}
            {{- . | nindent 12 }}
            {{- end }}
            {{- with $values.extraEnv }}
            {{- toYaml . | nindent 12 }}
            {{- end }}
          {{- end }}
          startupProbe:
            httpGet:
              path: /healthz
              port: http
            periodSeconds: {{ $values.probes.startup.periodSeconds }}
            timeoutSeconds: {{ $values.probes.startup.timeoutSeconds }}
            failureThreshold: {{ $values.probes.startup.failureThreshold }}
          livenessProbe:
            httpGet:
              path: /healthz
              port: http
            periodSeconds: {{ $values.probes.liveness.periodSeconds }}
            timeoutSeconds: {{ $values.probes.liveness.timeoutSeconds }}
            failureThreshold: {{ $values.probes.liveness.failureThreshold }}
          readinessProbe:
            httpGet:
              path: /readyz
              port: http
            periodSeconds: {{ $values.probes.readiness.periodSeconds }}
            timeoutSeconds: {{ $values.probes.readiness.timeoutSeconds }}
            failureThreshold: {{ $values.probes.readiness.failureThreshold }}
          {{- if $values.preStopSeconds }}
          lifecycle:
            preStop:
              exec:
                command: ["sleep", {{ $values.preStopSeconds | toString | quote }}]
          {{- end }}
          resources:
            {{- toYaml $values.resources | nindent 12 }}
          securityContext:
            {{- include "mcat.containerSecurityContext" . | nindent 12 }}
          volumeMounts:
            - name: tmp
              mountPath: /tmp
            {{- with .mounts }}
            {{- . | trim | nindent 12 }}
            {{- end }}
            {{- with .dependencies }}
            {{- with include "mcat.dependencyTrustMounts" . | trim }}
            {{- . | nindent 12 }}
            {{- end }}
            {{- end }}
            {{- with $values.extraVolumeMounts }}
            {{- toYaml . | nindent 12 }}
            {{- end }}
      volumes:
        - name: tmp
          emptyDir:
            sizeLimit: {{ $values.tmpSizeLimit }}
        {{- with .volumes }}
        {{- . | trim | nindent 8 }}
        {{- end }}
        {{- with .dependencies }}
        {{- with include "mcat.dependencyTrustVolumes" . | trim }}
        {{- . | nindent 8 }}
        {{- end }}
        {{- end }}
        {{- with $values.extraVolumes }}
        {{- toYaml . | nindent 8 }}
        {{- end }}
      {{- if $values.spreadAcrossNodes }}
      topologySpreadConstraints:
        - maxSkew: 1
          topologyKey: kubernetes.io/hostname
          whenUnsatisfiable: ScheduleAnyway
          labelSelector:
            matchLabels:
              {{- include "mcat.selectorLabels" . | nindent 14 }}
      {{- end }}
      {{- with $values.nodeSelector }}
      nodeSelector:
        {{- toYaml . | nindent 8 }}
      {{- end }}
      {{- $nodeLoss := $values.nodeLossTolerationSeconds }}
      {{- if or $values.tolerations (not (kindIs "invalid" $nodeLoss)) }}
      tolerations:
        {{- with $values.tolerations }}
        {{- toYaml . | nindent 8 }}
        {{- end }}
        {{- if not (kindIs "invalid" $nodeLoss) }}
        {{- range list "node.kubernetes.io/not-ready" "node.kubernetes.io/unreachable" }}
        - key: {{ . }}
          operator: Exists
          effect: NoExecute
          tolerationSeconds: {{ $nodeLoss }}
        {{- end }}
        {{- end }}
      {{- end }}
      {{- with $values.affinity }}
      affinity:
        {{- toYaml . | nindent 8 }}
      {{- end }}
      {{- with $values.priorityClassName }}
      priorityClassName: {{ . }}
      {{- end }}
---
apiVersion: v1
kind: Service
metadata:
  name: {{ $fullName }}
  labels:
    {{- include "mcat.labels" . | nindent 4 }}
spec:
  type: ClusterIP
  selector:
    {{- include "mcat.selectorLabels" . | nindent 4 }}
  ports:
    - name: http
      port: {{ $root.Values.service.port }}
      targetPort: http
      protocol: TCP
{{- if $values.autoscaling.enabled }}
---
apiVersion: autoscaling/v2
kind: HorizontalPodAutoscaler
metadata:
  name: {{ $fullName }}
  labels:
    {{- include "mcat.labels" . | nindent 4 }}
spec:
  scaleTargetRef:
    apiVersion: apps/v1
    kind: Deployment
    name: {{ $fullName }}
  minReplicas: {{ $values.autoscaling.minReplicas }}
  maxReplicas: {{ $values.autoscaling.maxReplicas }}
  metrics:
    - type: Resource
      resource:
        name: cpu
        target:
          type: Utilization
          averageUtilization: {{ $values.autoscaling.targetCPUUtilizationPercentage }}
    {{- with $values.autoscaling.targetMemoryUtilizationPercentage }}
    - type: Resource
      resource:
        name: memory
        target:
          type: Utilization
          averageUtilization: {{ . }}
    {{- end }}
{{- end }}
{{- if $values.podDisruptionBudget.enabled }}
---
apiVersion: policy/v1
kind: PodDisruptionBudget
metadata:
  name: {{ $fullName }}
  labels:
    {{- include "mcat.labels" . | nindent 4 }}
spec:
  maxUnavailable: {{ $values.podDisruptionBudget.maxUnavailable }}
  selector:
    matchLabels:
      {{- include "mcat.selectorLabels" . | nindent 6 }}
{{- end }}
{{- end -}}

{{/*
The NetworkPolicy of one deployable: who may call it (ingress) and which deployables it calls
(egress). Dependencies (MongoDB, NATS, Redis, SMTP, Stripe, DNS) are in networkpolicy.yaml.
Call with (dict "root" $ "name" "tests" "callers" (list "gateway" "questions") "calls" (list "auth") "fromIngressController" false).
*/}}
{{- define "mcat.networkPolicy" -}}
{{- $root := .root -}}
{{- if $root.Values.networkPolicy.enabled }}
---
apiVersion: networking.k8s.io/v1
kind: NetworkPolicy
metadata:
  name: {{ include "mcat.componentName" . }}
  labels:
    {{- include "mcat.labels" . | nindent 4 }}
spec:
  podSelector:
    matchLabels:
      {{- include "mcat.selectorLabels" . | nindent 6 }}
  policyTypes: ["Ingress", "Egress"]
  ingress:
    {{- if .fromIngressController }}
    - from:
        - namespaceSelector:
            {{- toYaml $root.Values.networkPolicy.ingressController.namespaceSelector | nindent 12 }}
          podSelector:
            {{- toYaml $root.Values.networkPolicy.ingressController.podSelector | nindent 12 }}
        {{- range $root.Values.networkPolicy.ingressController.ipBlocks }}
        - ipBlock:
            cidr: {{ . }}
        {{- end }}
      ports:
        - port: http
          protocol: TCP
    {{- end }}
    {{- range .callers }}
    - from:
        - podSelector:
            matchLabels:
              {{- include "mcat.selectorLabels" (dict "root" $root "name" .) | nindent 14 }}
      ports:
        - port: http
          protocol: TCP
    {{- end }}
    {{- if $root.Values.networkPolicy.metricsScraper.enabled }}
    - from:
        - namespaceSelector:
            {{- toYaml $root.Values.networkPolicy.metricsScraper.namespaceSelector | nindent 12 }}
          podSelector:
            {{- toYaml $root.Values.networkPolicy.metricsScraper.podSelector | nindent 12 }}
      ports:
        - port: http
          protocol: TCP
    {{- end }}
  egress:
    {{- range .calls }}
    - to:
        - podSelector:
            matchLabels:
              {{- include "mcat.selectorLabels" (dict "root" $root "name" .) | nindent 14 }}
      ports:
        - port: {{ $root.Values.service.port }}
          protocol: TCP
    {{- else }} []
    {{- end }}
{{- end }}
{{- end -}}
