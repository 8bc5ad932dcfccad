import type { LoginRequest } from '@core/api/auth';
import { api } from './client';

export const login = (body: LoginRequest) => api<{ token: string }>('POST', '/api/resident/login', { body });
export const refreshToken = () => api<{ token: string }>('POST', '/api/token/refresh');
