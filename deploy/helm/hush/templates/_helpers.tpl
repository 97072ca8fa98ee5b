{{/* Names and labels, as `helm create` makes them. */}}
{{- define "hush.name" -}}
{{- default .Chart.Name .Values.nameOverride | trunc 63 | trimSuffix "-" }}
{{- end }}

{{- define "hush.fullname" -}}
{{- if .Values.fullnameOverride }}
{{- .Values.fullnameOverride | trunc 63 | trimSuffix "-" }}
{{- else }}
{{- $name := default .Chart.Name .Values.nameOverride }}
{{- if contains $name .Release.Name }}
{{- .Release.Name | trunc 63 | trimSuffix "-" }}
{{- else }}
{{- printf "%s-%s" .Release.Name $name | trunc 63 | trimSuffix "-" }}
{{- end }}
{{- end }}
{{- end }}

{{- define "hush.selectorLabels" -}}
app.kubernetes.io/name: {{ include "hush.name" . }}
app.kubernetes.io/instance: {{ .Release.Name }}
{{- end }}

{{- define "hush.labels" -}}
helm.sh/chart: {{ printf "%s-%s" .Chart.Name .Chart.Version | replace "+" "_" | trunc 63 | trimSuffix "-" }}
{{ include "hush.selectorLabels" . }}
app.kubernetes.io/version: {{ .Chart.AppVersion | quote }}
app.kubernetes.io/managed-by: {{ .Release.Service }}
{{- end }}

{{- define "hush.serviceAccountName" -}}
{{- if .Values.serviceAccount.create }}
{{- default (include "hush.fullname" .) .Values.serviceAccount.name }}
{{- else }}
{{- default "default" .Values.serviceAccount.name }}
{{- end }}
{{- end }}

{{- define "hush.secretName" -}}
{{- default (include "hush.fullname" .) .Values.existingSecret }}
{{- end }}

{{/* The secret settings this release has, sorted: the keys of `secrets` with a value, or existingSecretKeys. */}}
{{- define "hush.secretKeys" -}}
{{- $keys := list }}
{{- if .Values.existingSecret }}
{{- $keys = .Values.existingSecretKeys }}
{{- else }}
{{- range $key, $value := .Values.secrets }}
{{- if $value }}{{ $keys = append $keys $key }}{{ end }}
{{- end }}
{{- end }}
{{- toJson (sortAlpha $keys) }}
{{- end }}

{{/* The pods a release runs at least: more than one share nothing but PostgreSQL, Redis and S3. */}}
{{- define "hush.minReplicas" -}}
{{- if .Values.autoscaling.enabled }}{{ int .Values.autoscaling.minReplicas }}{{ else }}{{ int .Values.replicaCount }}{{ end }}
{{- end }}

{{/*
  Refuses values that cannot work, with the reason (helm template and helm install stop on `fail`). Every template
  includes it, so a partial render (helm template -s) refuses too.
*/}}
{{- define "hush.validate" -}}
{{- $secretSetting := "^HUSH_(DATABASE_URL|REDIS_URL|S3_ACCESS_KEY_ID|S3_SECRET_ACCESS_KEY|ADMIN_PASSWORD|METRICS_TOKEN|WEBHOOK_URL|WEBHOOK_SECRET|SMTP_URL|OIDC_CLIENT_SECRET|OIDC_[0-9]{1,2}_CLIENT_SECRET)$" }}
{{- $keys := include "hush.secretKeys" . | fromJsonArray }}
{{- if and .Values.existingSecret .Values.secrets }}
{{- fail "secrets and existingSecret: set one, not both" }}
{{- end }}
{{- range $keys }}
{{- if not (regexMatch $secretSetting .) }}
{{- fail (printf "secret key %s is not a secret Hush setting (%s)" . $secretSetting) }}
{{- end }}
{{- end }}
{{- range $key, $value := .Values.config }}
{{- if regexMatch $secretSetting $key }}
{{- fail (printf "config.%s is a secret: put it in secrets (a Secret, read through %s_FILE)" $key $key) }}
{{- end }}
{{- if has $key (list "HUSH_HOST" "HUSH_PORT" "HUSH_DATA_DIR") }}
{{- fail (printf "config.%s is set by the chart" $key) }}
{{- end }}
{{- if not (regexMatch "^HUSH_[A-Z0-9_]+$" $key) }}
{{- fail (printf "config.%s is not a HUSH_* setting" $key) }}
{{- end }}
{{- end }}
{{- $min := int (include "hush.minReplicas" .) }}
{{- if or (gt $min 1) .Values.autoscaling.enabled }}
{{- $why := ternary "autoscaling" (printf "replicaCount %d" $min) (.Values.autoscaling.enabled | default false) }}
{{- if not (has "HUSH_DATABASE_URL" $keys) }}
{{- fail (printf "%s needs PostgreSQL: set secrets.HUSH_DATABASE_URL (SQLite in /data belongs to one pod)" $why) }}
{{- end }}
{{- if not (has "HUSH_REDIS_URL" $keys) }}
{{- fail (printf "%s needs Redis: set secrets.HUSH_REDIS_URL (rate limits and sign-in throttles are counted there)" $why) }}
{{- end }}
{{- if not .Values.config.HUSH_S3_ENDPOINT }}
{{- fail (printf "%s needs S3: set config.HUSH_S3_ENDPOINT and HUSH_S3_BUCKET (files in one pod's /data are not in the others')" $why) }}
{{- end }}
{{- end }}
{{- end }}
