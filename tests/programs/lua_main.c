/* The Lua main of issue 15: runs one script with the standard libraries.
 *
 * usage: lua_main SCRIPT [ARG...]
 *
 * The script receives its arguments as `...` and in the global table `arg`
 * (arg[0] is the script, as in the stand-alone lua). An error, whether in
 * loading or at run time, is reported on stderr with a traceback, and the
 * exit status is 1. */

#include <stdio.h>
#include <stdlib.h>
#include "lua.h"
#include "lauxlib.h"
#include "lualib.h"

/* The message handler: appends a traceback to a string error message. */
static int traceback(lua_State *L)
{
    const char *msg = lua_tostring(L, 1);
    if (msg == NULL) {
        if (luaL_callmeta(L, 1, "__tostring") && lua_type(L, -1) == LUA_TSTRING)
            return 1;
        msg = lua_pushfstring(L, "(error object is a %s value)", luaL_typename(L, 1));
    }
    luaL_traceback(L, L, msg, 1);
    return 1;
}

/* Runs in protected mode, so that even errors in setting up (out of
 * memory) are reported rather than aborting. */
static int run(lua_State *L)
{
    int argc = (int)lua_tointeger(L, 1);
    char **argv = (char **)lua_touserdata(L, 2);
    int i, base;
    luaL_openlibs(L);
    lua_createtable(L, argc - 1, 1);
    for (i = 1; i < argc; i++) {
        lua_pushstring(L, argv[i]);
        lua_rawseti(L, -2, i - 1);
    }
    lua_setglobal(L, "arg");
    lua_pushcfunction(L, traceback);
    base = lua_gettop(L);
    if (luaL_loadfile(L, argv[1]) != LUA_OK)
        return lua_error(L);
    for (i = 2; i < argc; i++)
        lua_pushstring(L, argv[i]);
    if (lua_pcall(L, argc - 2, 0, base) != LUA_OK)
        return lua_error(L);
    return 0;
}

int main(int argc, char **argv)
{
    lua_State *L;
    int status;
    if (argc < 2) {
        fputs("usage: lua_main SCRIPT [ARG...]\n", stderr);
        return 2;
    }
    L = luaL_newstate();
    if (L == NULL) {
        fputs("lua_main: cannot create state: not enough memory\n", stderr);
        return 1;
    }
    lua_pushcfunction(L, run);
    lua_pushinteger(L, argc);
    lua_pushlightuserdata(L, argv);
    status = lua_pcall(L, 2, 0, 0);
    if (status != LUA_OK) {
        const char *msg = lua_tostring(L, -1);
        /* A fixed program name, so that builds in different places agree. */
        fprintf(stderr, "lua_main: %s\n", msg ? msg : "(error object is not a string)");
    }
    fflush(stdout);
    lua_close(L);
    return status == LUA_OK ? 0 : 1;
}
