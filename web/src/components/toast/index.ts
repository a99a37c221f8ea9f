export type { Toast, ToastInput, ToastVariant } from './store';
export { toast, toastStore, useToast, useToasts } from './instance';
export { Toaster } from './Toaster';
