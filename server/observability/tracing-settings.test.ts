// Tracing is off by default and on only when the OTEL_* variables ask for an exporter.
import { describe, expect, it } from "vitest";
import { serviceNameSet, tracingRequested } from "./tracing-settings";

describe("whether tracing starts", () => {
  it("is off with no OTEL_* variable, with `none`, and whenever OTEL_SDK_DISABLED is true", () => {
    expect(tracingRequested({})).toBe(false);
    expect(tracingRequested({ OTEL_TRACES_EXPORTER: "none" })).toBe(false);
    expect(tracingRequested({ OTEL_TRACES_EXPORTER: " " })).toBe(false);
    expect(tracingRequested({ OTEL_SERVICE_NAME: "shop" })).toBe(false);
    expect(tracingRequested({ OTEL_SDK_DISABLED: "true", OTEL_TRACES_EXPORTER: "otlp" })).toBe(false);
    expect(tracingRequested({ OTEL_SDK_DISABLED: "TRUE", OTEL_EXPORTER_OTLP_ENDPOINT: "http://c:4318" })).toBe(false);
  });

  it("is on with an exporter or an OTLP endpoint", () => {
    expect(tracingRequested({ OTEL_TRACES_EXPORTER: "otlp" })).toBe(true);
    expect(tracingRequested({ OTEL_TRACES_EXPORTER: "console,otlp" })).toBe(true);
    expect(tracingRequested({ OTEL_EXPORTER_OTLP_ENDPOINT: "http://collector:4318" })).toBe(true);
    expect(tracingRequested({ OTEL_EXPORTER_OTLP_TRACES_ENDPOINT: "http://collector:4318/v1/traces" })).toBe(true);
    expect(tracingRequested({ OTEL_SDK_DISABLED: "false", OTEL_TRACES_EXPORTER: "otlp" })).toBe(true);
  });

  it("names the service unless OTEL_SERVICE_NAME or OTEL_RESOURCE_ATTRIBUTES does", () => {
    expect(serviceNameSet({})).toBe(false);
    expect(serviceNameSet({ OTEL_SERVICE_NAME: "shop" })).toBe(true);
    expect(serviceNameSet({ OTEL_RESOURCE_ATTRIBUTES: "deployment.environment=prod,service.name=shop" })).toBe(true);
    expect(serviceNameSet({ OTEL_RESOURCE_ATTRIBUTES: "deployment.environment=prod" })).toBe(false);
  });
});
