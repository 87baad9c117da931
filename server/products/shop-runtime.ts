// The marketplace's payment runtime: the payment configuration of env, selling PRODUCT_LIST. Built
// here, where the products are declared, so the payment layer below is handed its products and
// imports none of them.
import { createPaymentRuntime, type PaymentRuntime } from "../payments/payment-runtime";
import { paymentConfigFromEnv } from "../payments/payment-config";
import { PRODUCT_LIST } from "./products";

let fromEnv: PaymentRuntime | undefined;

export function paymentRuntime(): PaymentRuntime {
  fromEnv ??= createPaymentRuntime(paymentConfigFromEnv(), PRODUCT_LIST);
  return fromEnv;
}
