export { toast } from './instance';
export { Toaster } from './Toaster';
