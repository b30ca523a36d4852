import { z } from 'zod';
import { apiPath, PATHS, Message, PasswordChanged, UserPublic, UsersPublic, type UpdatePassword, type UserCreate, type UserRegister, type UserUpdate, type UserUpdateMe } from '../../core/contract';
import { request } from './client';

export const signup = (body: UserRegister) => request(apiPath(PATHS.signup), z.unknown(), { method: 'POST', body: { json: body } });

export const readMe = () => request(apiPath(PATHS.me), UserPublic);
export const updateMe = (body: UserUpdateMe) => request(apiPath(PATHS.me), UserPublic, { method: 'PATCH', body: { json: body } });
export const deleteMe = () => request(apiPath(PATHS.me), Message, { method: 'DELETE' });
export const updatePassword = (body: UpdatePassword) => request(apiPath(PATHS.myPassword), PasswordChanged, { method: 'PATCH', body: { json: body } });

export const listUsers = (skip: number, limit: number) => request(apiPath(PATHS.users), UsersPublic, { query: { skip, limit } });
export const createUser = (body: UserCreate) => request(apiPath(PATHS.users), UserPublic, { method: 'POST', body: { json: body } });
export const updateUser = (id: string, body: UserUpdate) => request(apiPath(PATHS.user, { user_id: id }), UserPublic, { method: 'PATCH', body: { json: body } });
export const deleteUser = (id: string) => request(apiPath(PATHS.user, { user_id: id }), Message, { method: 'DELETE' });
