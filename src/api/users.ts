import { z } from 'zod';
import { Message, PasswordChanged, UserPublic, UsersPublic, type UpdatePassword, type UserCreate, type UserRegister, type UserUpdate, type UserUpdateMe } from '../../core/contract';
import { request } from './client';

export const signup = (body: UserRegister) => request('/users/signup', z.unknown(), { method: 'POST', body: { json: body } });

export const readMe = () => request('/users/me', UserPublic);
export const updateMe = (body: UserUpdateMe) => request('/users/me', UserPublic, { method: 'PATCH', body: { json: body } });
export const deleteMe = () => request('/users/me', Message, { method: 'DELETE' });
export const updatePassword = (body: UpdatePassword) => request('/users/me/password', PasswordChanged, { method: 'PATCH', body: { json: body } });

export const listUsers = (skip: number, limit: number) => request('/users/', UsersPublic, { query: { skip, limit } });
export const createUser = (body: UserCreate) => request('/users/', UserPublic, { method: 'POST', body: { json: body } });
export const updateUser = (id: string, body: UserUpdate) => request(`/users/${id}`, UserPublic, { method: 'PATCH', body: { json: body } });
export const deleteUser = (id: string) => request(`/users/${id}`, Message, { method: 'DELETE' });
