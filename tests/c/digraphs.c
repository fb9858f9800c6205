/* Digraphs (C11 6.4.6p3) in declarations, initializers and subscripts. */
%:include <stdio.h>
int sq(int x) <% return x * x; %>
int (*tab[2])(int) = <% sq, sq %>;
int main() <%
    int a<:3:> = <% 1, 2, 3 %>;
    int (**p)(int) = tab;
    printf("%d %d %d\n", a<:2:>, p[0](4), (*p[1])(5));
    return 0;
%>
